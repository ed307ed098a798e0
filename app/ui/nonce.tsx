import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce. The server renders it into every inline and
 * module script; in the browser it is empty (browsers hide nonces from the
 * DOM), which is fine because scripts added after hydration are trusted
 * through 'strict-dynamic'.
 */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
