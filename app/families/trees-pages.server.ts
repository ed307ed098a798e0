import { data, redirect } from "@remix-run/node";
import { validateCsrf } from "~/auth/csrf.server";
import type { User } from "~/auth/users.server";
import { getDatabase } from "~/db/current.server";
import { readForm } from "~/routing/form-data.server";
import { type ReceivedUpload, keepingUploadOnlyIfDone, receiveUpload } from "~/routing/upload.server";
import { quotaMessage, uploadRoom } from "~/jobs/upload-files.server";
import { PATHS, treePreviewPath, treeReplacePath } from "~/routing/paths";
import { invalidRouteParams, invariantResponse, routeParamsMessage } from "~/routing/responses";
import { uploadMaxBytes } from "~/config/uploads";
import { TREE_PROGRESS_POLL_MS, TREE_SUBMIT_WAIT_MS } from "~/config/timing";
import { treeLimits } from "~/config/trees";
import { formatPersonId, getFamilyCollection, parsePersonId, personPath } from "./collections";
import {
  NOT_YOURS,
  SHOWN_ERRORS,
  type TreeSummary,
  exportPersonGedcom,
  getTreePreview,
  listMemberTrees,
  parseDepth,
  withdrawTree,
} from "./trees.server";
import { listMemberTreeJobs, startTreeJob } from "./tree-jobs.server";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta, translator } from "~/i18n/i18next.server";
import { treeMessageIn } from "./tree-messages.server";
import { gedcomMessageIn, gedcomProblemsIn } from "./gedcom-messages.server";
import type { Language } from "~/i18n/languages";

/**
 * The members' pages of their own trees: the upload (/members/genealogy/submit, also for a newer file of a tree),
 * the list of their submissions with Withdraw (/members/genealogy/my-trees), a tree before approval
 * (/members/genealogy/trees/:treeId, for its submitter and administrators) and a person's tree as GEDCOM. The
 * routes call the guard first and pass the member in.
 */

const genealogy = getFamilyCollection("genealogy")!;
export const MAX_TITLE = 200;

/** The name a tree is shown with ("submitted by …"): the member's name, or their username. */
function displayName(user: User): string {
  return [user.given_name, user.surname].filter(Boolean).join(" ") || user.username;
}

function parseTreeId(raw: string | null | undefined): number | undefined {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : undefined;
}

/** The approved tree of this member that `?replaces=` names, or undefined. */
async function replaceable(user: User, raw: string | null) {
  const id = parseTreeId(raw);
  if (id === undefined) return undefined;
  const trees = await listMemberTrees(await getDatabase(), user.id);
  return trees.find((t) => t.id === id && t.status === "approved");
}

export async function loadSubmitPage(request: Request, user: User) {
  const wanted = new URL(request.url).searchParams.get("replaces");
  const replaces = wanted === null ? undefined : await replaceable(user, wanted);
  invariantResponse(wanted === null || replaces, NOT_YOURS);
  const language = await languageOfRequest(request);
  return {
    meta: pageMeta(language, "trees", "meta.submit"),
    replaces: replaces ? { id: replaces.id, title: replaces.title } : null,
    uploadMaxMb: Math.floor(Math.min(uploadMaxBytes(process.env), treeLimits(process.env).maxBytes) / 1024 / 1024),
    maxPeople: treeLimits(process.env).maxPeople,
    maxTitle: MAX_TITLE,
    searchPath: `${genealogy.basePath}/search`,
  };
}

export interface SubmitErrors {
  title?: string;
  file?: string;
  /** The file's errors, by line, and how many more there are. */
  problems?: { line: number; message: string }[];
  more?: number;
}

function refused(errors: SubmitErrors, title: string) {
  return data({ errors, values: { title } }, { status: 400 });
}

/** The upload: streamed to the data folder, read, and either written as a pending tree or refused (and removed). */
export async function submitAction(request: Request, user: User, ip: string) {
  const upload = await receiveUpload(request, ".ged", {
    check: (fields) => validateCsrf(fields, request),
    roomBytes: await uploadRoom(await getDatabase(), user),
    owner: user.id,
  });
  const language = await languageOfRequest(request);
  const t = translator(language, "trees");
  if (!upload.ok) {
    const file =
      upload.reason === "quota" ? quotaMessage(upload.maxBytes) : t("submit.tooLargeServer", { mb: upload.maxMb });
    return refused({ file }, titleOf(upload.form));
  }
  return keepingUploadOnlyIfDone(upload, () => storeSubmission(upload, user, ip, language));
}

const titleOf = (form: FormData) =>
  String(form.get("title") ?? "")
    .replace(/\s+/g, " ")
    .trim();

async function storeSubmission(upload: ReceivedUpload, user: User, ip: string, language: Language) {
  const t = translator(language, "trees");
  const { form, filePath: stored, discard } = upload;
  const title = titleOf(form);
  const replacesRaw = String(form.get("replaces") ?? "");
  const errors: SubmitErrors = {};
  if (!title) errors.title = t("submit.noTitle");
  else if (title.length > MAX_TITLE) errors.title = t("submit.longTitle", { max: MAX_TITLE });
  if (!stored) errors.file = t("submit.noFile");
  if (Object.keys(errors).length) {
    await discard();
    return refused(errors, title);
  }
  const database = await getDatabase();
  const replaces = replacesRaw ? parseTreeId(replacesRaw) : null;
  if (replaces === undefined) {
    await discard();
    return refused({ file: t("notYours") }, title);
  }
  const name = upload.fileName || "tree.ged";
  const started = await startTreeJob(
    database,
    { title, fileName: name, filePath: stored!, submitter: { id: user.id, name: displayName(user) }, replaces },
    ip,
  );
  // A small file is read in a moment: its answer comes here, as before. A large one goes on in the background and
  // the member watches it on their trees page.
  const outcome =
    "refused" in started
      ? started.refused
      : await Promise.race([
          started.outcome,
          new Promise<null>((resolve) => setTimeout(resolve, TREE_SUBMIT_WAIT_MS, null).unref()),
        ]);
  if (outcome === null) return redirect(`${PATHS.myTrees}?done=reading`);
  if (!outcome.ok) {
    if (!outcome.errors) {
      const message = outcome.message ? gedcomMessageIn(language, treeMessageIn(t, outcome.message)) : t("notYours");
      return refused({ file: message }, title);
    }
    return refused(
      {
        file: t("submit.cannotTake", { name }),
        problems: gedcomProblemsIn(
          language,
          outcome.errors.map((e) => ({ line: e.line, message: e.message })),
        ),
        more: outcome.more,
      },
      title,
    );
  }
  return redirect(`${PATHS.myTrees}?done=${replaces ? "replacement" : "submitted"}&tree=${outcome.tree.treeId}`);
}

function treeView(t: TreeSummary) {
  return {
    ...t,
    previewHref: treePreviewPath(t.id),
    replaceHref: t.status === "approved" ? treeReplacePath(t.id) : null,
    canWithdraw: t.status === "pending" || t.status === "approved",
  };
}

export type MyTreeView = ReturnType<typeof treeView>;

const DONE = ["submitted", "replacement", "withdrawn", "reading"] as const;

export async function loadMyTrees(request: Request, user: User) {
  const url = new URL(request.url);
  const done = url.searchParams.get("done");
  const database = await getDatabase();
  const trees = await listMemberTrees(database, user.id);
  const language = await languageOfRequest(request);
  const t = translator(language, "trees");
  const jobs = await listMemberTreeJobs(database, user.id);
  return {
    meta: pageMeta(language, "trees", "meta.myTrees"),
    trees: trees.map(treeView),
    jobs: jobs.map((j) => ({
      ...j,
      error: j.error === null ? null : gedcomMessageIn(language, treeMessageIn(t, j.error)),
      problems: gedcomProblemsIn(language, j.problems),
    })),
    pollMs: TREE_PROGRESS_POLL_MS,
    done: DONE.find((d) => d === done) ?? null,
    submitPath: PATHS.treeSubmit,
    searchPath: `${genealogy.basePath}/search`,
  };
}

export async function myTreesAction(request: Request, user: User, ip: string) {
  const form = await readForm(request);
  await validateCsrf(form, request);
  const treeId = parseTreeId(String(form.get("treeId") ?? ""));
  const t = translator(await languageOfRequest(request), "trees");
  if (form.get("intent") !== "withdraw") {
    return data({ message: t("myTrees.useWithdraw"), treeId: treeId ?? null }, { status: 400 });
  }
  const ok = treeId !== undefined && (await withdrawTree(await getDatabase(), treeId, { userId: user.id, ip }));
  if (!ok) return data({ message: t("notYours"), treeId: treeId ?? null }, { status: 400 });
  return redirect(`${PATHS.myTrees}?done=withdrawn`);
}

export async function loadTreePreview(request: Request, user: User, treeIdParam: string | undefined) {
  const url = new URL(request.url);
  const treeId = parseTreeId(treeIdParam);
  if (treeId === undefined) throw invalidRouteParams(url.pathname);
  const preview = await getTreePreview(await getDatabase(), treeId, {
    userId: user.id,
    isAdmin: user.role === "admin",
  });
  invariantResponse(preview, () => routeParamsMessage(url.pathname));
  const language = await languageOfRequest(request);
  const t = translator(language, "trees");
  return {
    meta: {
      title: t("meta.preview.title", { title: preview.tree.title }),
      description: t("meta.preview.description", { title: preview.tree.title }),
    },
    tree: treeView(preview.tree),
    own: preview.tree.submitterId === user.id,
    warnings: gedcomProblemsIn(language, preview.warnings),
    people: preview.people.map((p) => ({
      id: formatPersonId(genealogy, p.number),
      href: personPath(genealogy, p.number),
      name: `${p.given} ${p.surname}`.trim() || t("preview.noName"),
      years: [p.birthDate?.slice(0, 4) ?? "", p.deathDate?.slice(0, 4) ?? ""].some(Boolean)
        ? `${p.birthDate?.slice(0, 4) ?? ""}–${p.deathDate?.slice(0, 4) ?? ""}`
        : "",
    })),
    myTreesPath: PATHS.myTrees,
    approvalsPath: PATHS.adminApprovals,
    shownErrors: SHOWN_ERRORS,
  };
}

/** /members/genealogy/person/:personId/gedcom?depth=N: the download, or 400 for a bad depth, 404 for no person. */
export async function loadPersonGedcom(request: Request, user: User, personId: string | undefined) {
  const url = new URL(request.url);
  const number = personId ? parsePersonId(genealogy, personId) : undefined;
  if (number === undefined || personId !== formatPersonId(genealogy, number)) throw invalidRouteParams(url.pathname);
  const depth = parseDepth(url.searchParams.get("depth"));
  if ("error" in depth) {
    return new Response(depth.error, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const out = await exportPersonGedcom(await getDatabase(), genealogy, number, depth.depth, {
    isAdmin: user.role === "admin",
    userId: user.id,
  });
  invariantResponse(out, () => routeParamsMessage(url.pathname));
  return new Response(out.text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${personId}-${depth.depth}-generations.ged"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
