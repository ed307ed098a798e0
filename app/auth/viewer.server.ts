import { getCurrentUser } from "./guard.server";
import { membershipState } from "./users.server";

/**
 * Who is asking, as every search sees it: an active member (records younger
 * than the privacy periods, members' collections and indexes) or a visitor.
 */
export interface Viewer {
  isMember: boolean;
}

export async function viewerFor(request: Request): Promise<Viewer> {
  const user = await getCurrentUser(request);
  return { isMember: !!user && membershipState(user) === "active" };
}
