/**
 * The route modules under app/routes/ import the profile pages from here. The
 * pages live in their own modules and the profile writes in
 * profile-writes.server.ts; once the routes import those directly this file goes.
 */
export { loadProfilePage } from "./profile-page.server";
export { loadPersonalEditPage, personalEditAction } from "./personal-edit-page.server";
export { loadPasswordEditPage, passwordEditAction } from "./password-edit-page.server";
export { loadUsernameEditPage, usernameAvailabilityResponse, usernameEditAction } from "./username-edit-page.server";
