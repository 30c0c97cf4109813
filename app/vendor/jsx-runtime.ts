// React's JSX runtime for the app's own modules in the browser build: what
// every element compiles to, unwrapped once (see react.ts beside it).
import * as runtime from "react/jsx-runtime";

export const { Fragment, jsx, jsxs } = runtime;
