/** Passwords shorter than this are refused (issue #3). */
export const MIN_PASSWORD_LENGTH = 12;
/**
 * Longer input is refused before hashing: argon2 over megabytes of input is
 * a cheap way to burn a server's CPU. Shared by forms and the server.
 */
export const MAX_PASSWORD_LENGTH = 256;
