/**
 * Legacy hash-style URLs (`/#/stpete/birth/search`) from the society's old
 * single-page site must land on the plain path (SPEC §2). The hash never
 * reaches the server, so this runs as the first inline script of every page,
 * before anything renders. It is a string so it can be inlined (the page's CSP
 * carries its hash); hash-redirect.test.ts runs exactly this text.
 *
 * "//host" and "/\host" targets are refused: they would leave the site.
 */
export const HASH_REDIRECT_SCRIPT = `(function(){var d=document.documentElement;d.className+=(d.className?" ":"")+"js";var h=location.hash;if(h.indexOf("#/")!==0)return;var t=h.slice(1);if(/^\\/[\\/\\\\]/.test(t))t="/";location.replace(t);})();`;
