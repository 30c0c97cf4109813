// React for the app's own modules in the browser build (vite.config.ts,
// decision 016). React ships CommonJS: every module importing it carried the
// interop that unwraps it, and reached each hook through it. This module
// unwraps it once, in the framework file every page loads, and hands out
// plain bindings. A React export the app starts to use is added here (the
// build says which is missing).
import * as React from "react";

export const {
  createContext,
  createElement,
  lazy,
  startTransition,
  StrictMode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} = React;
