import { VERSIONED_FILE_MAX_AGE_SECONDS } from "~/config/timing";
import { baseMap } from "./basemap.server";

/**
 * The base map's two files as responses (decision 0032). The address carries
 * the content's hash (?v=…), so a matching request may be cached for a year;
 * any other (an old or missing version) is answered with today's content and
 * must be asked again.
 */

function fileResponse(request: Request, file: { json: string; version: string }): Response {
  const current = new URL(request.url).searchParams.get("v") === file.version;
  return new Response(file.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? `public, max-age=${VERSIONED_FILE_MAX_AGE_SECONDS}, immutable` : "no-cache",
    },
  });
}

export const baseMapShapesResponse = (request: Request) => fileResponse(request, baseMap().shapes);
export const baseMapTownsResponse = (request: Request) => fileResponse(request, baseMap().towns);
