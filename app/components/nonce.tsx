// The Content-Security-Policy nonce for inline scripts the app writes itself
// (the theme scripts in root.tsx). Set on the server only: browsers hide a
// nonce from the page once it has been checked, so the client renders "".
import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
