import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { approvalsAction, loadApprovalsPage } from "~/admin/approvals.server";
import { commitCsrfToken } from "~/auth/csrf.server";
import type { User } from "~/auth/users.server";
import type { Database } from "~/db/connection.server";
import { testDialects } from "~/db/test-database";
import { outcome } from "~/testing/outcome";
import { TEST_BASE_URL, getRequest, postRequest, signedInAccount } from "~/testing/requests";
import { useTestRuntime } from "~/testing/runtime";
import {
  loadMyTrees,
  loadPersonGedcom,
  loadSubmitPage,
  loadTreePreview,
  myTreesAction,
  submitAction,
} from "./trees-pages.server";

const PASSWORD = "correct horse battery staple";
const fixture = (name: string) => readFileSync(path.join(__dirname, "../gedcom/fixtures", name));

for (const dialect of testDialects()) {
  describe(`members' tree pages on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: 0, name: "trees" });
    let database: Database;
    let csrf: { token: string; cookie: string };
    let alice: { user: User; cookie: string };
    let bob: { user: User; cookie: string };
    let admin: { user: User; cookie: string };

    beforeAll(async () => {
      database = runtime.database;
      const [token, setCookie] = await commitCsrfToken(new Request(TEST_BASE_URL));
      csrf = { token, cookie: (setCookie ?? "").split(";")[0] };
      alice = await signedInAccount(database, "alice-trees", {
        password: PASSWORD,
        givenName: "Alicja",
        surname: "Kos",
      });
      bob = await signedInAccount(database, "bob-trees", { password: PASSWORD });
      admin = await signedInAccount(database, "admin-trees", { password: PASSWORD, role: "admin" });
    });

    /** The upload form as the browser sends it: multipart, with the CSRF token unless told otherwise. */
    function upload(who: { cookie: string }, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
      const body = new FormData();
      body.append("csrf", csrf.token);
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      if (file) body.append("file", new File([new Uint8Array(file.bytes)], file.name));
      return new Request(`${TEST_BASE_URL}/members/genealogy/submit`, {
        method: "POST",
        body,
        headers: { Cookie: `${who.cookie}; ${csrf.cookie}` },
      });
    }
    const uploads = () => {
      const dir = path.join(runtime.dataDir, "imports");
      return existsSync(dir) ? readdirSync(dir) : [];
    };
    const trees = async () =>
      Number(
        (
          await database.db
            .selectFrom("family_trees")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("submitter_id", "is not", null)
            .executeTakeFirst()
        )?.n,
      );

    it("refuses a file with errors beside the field, keeps the title, and writes and keeps nothing", async () => {
      for (const name of ["pdf.ged", "empty.ged", "missing-links.ged"]) {
        const out = await outcome(() =>
          submitAction(upload(alice, { title: "Kos family" }, { name, bytes: fixture(name) }), alice.user, "1.2.3.4"),
        );
        expect(out.status, name).toBe(400);
        const body = out.body as { errors: { file: string; problems: { line: number }[] }; values: { title: string } };
        expect(body.values.title).toBe("Kos family");
        expect(body.errors.file).toContain(name);
        expect(body.errors.problems.length, name).toBeGreaterThan(0);
      }
      const noTitle = await outcome(() =>
        submitAction(upload(alice, { title: "  " }, { name: "k.ged", bytes: fixture("kennedy.ged") }), alice.user, ""),
      );
      expect(noTitle.status).toBe(400);
      expect((noTitle.body as { errors: { title?: string } }).errors.title).toBeTruthy();
      const noFile = await outcome(() => submitAction(upload(alice, { title: "Kos" }), alice.user, ""));
      expect((noFile.body as { errors: { file?: string } }).errors.file).toMatch(/Choose/);
      expect(uploads()).toEqual([]);
      expect(await trees()).toBe(0);
    });

    it("refuses an upload without the CSRF token and removes the file", async () => {
      const request = upload(alice, { title: "Kos" }, { name: "kennedy.ged", bytes: fixture("kennedy.ged") });
      const body = await request.formData();
      body.delete("csrf");
      const forged = new Request(request.url, {
        method: "POST",
        body,
        headers: { Cookie: request.headers.get("Cookie")! },
      });
      const out = await outcome(() => submitAction(forged, alice.user, ""));
      expect(out.status).toBe(403);
      expect(uploads()).toEqual([]);
      expect(await trees()).toBe(0);
    });

    it("takes a good file, shows it on my-trees only to its submitter, and an administrator approves it", async () => {
      const out = await outcome(() =>
        submitAction(
          upload(alice, { title: "Kennedy" }, { name: "kennedy.ged", bytes: fixture("kennedy.ged") }),
          alice.user,
          "1.2.3.4",
        ),
      );
      expect(out.status).toBe(302);
      expect(out.location).toMatch(/^\/members\/genealogy\/my-trees\?done=submitted&tree=\d+$/);
      // The file is read once, by its job, and removed when the job ends (decision 0054).
      expect(uploads()).toEqual([]);
      const mine = await loadMyTrees(
        getRequest("/members/genealogy/my-trees?done=submitted", alice.cookie),
        alice.user,
      );
      expect(mine.done).toBe("submitted");
      expect(mine.trees).toEqual([
        expect.objectContaining({
          title: "Kennedy",
          fileName: "kennedy.ged",
          people: 208,
          families: 75,
          status: "pending",
          submitter: "alice-trees",
        }),
      ]);
      const id = mine.trees[0].id;
      expect((await loadMyTrees(getRequest("/members/genealogy/my-trees", bob.cookie), bob.user)).trees).toEqual([]);
      const peek = await outcome(() =>
        loadTreePreview(getRequest(`/members/genealogy/trees/${id}`, bob.cookie), bob.user, String(id)),
      );
      expect(peek.status).toBe(404);
      const seen = await loadTreePreview(
        getRequest(`/members/genealogy/trees/${id}`, admin.cookie),
        admin.user,
        String(id),
      );
      expect(seen.people.length).toBe(208);
      // Bob cannot withdraw it; a pending tree cannot be replaced.
      const withdraw = await outcome(() =>
        myTreesAction(
          postRequest("/members/genealogy/my-trees", bob.cookie, { intent: "withdraw", treeId: String(id) }, csrf),
          bob.user,
          "",
        ),
      );
      expect(withdraw.status).toBe(400);
      const replace = await outcome(() =>
        loadSubmitPage(getRequest(`/members/genealogy/submit?replaces=${id}`, alice.cookie), alice.user),
      );
      expect(replace.status).toBe(404);

      const waiting = (await loadApprovalsPage(getRequest("/members/admin/approvals", admin.cookie))).trees;
      expect(waiting).toEqual([expect.objectContaining({ id, people: 208, families: 75, warnings: 0 })]);
      const approved = await outcome(() =>
        approvalsAction(
          postRequest("/members/admin/approvals", admin.cookie, { intent: "approve-tree", treeId: String(id) }, csrf),
          "1.2.3.4",
        ),
      );
      expect(approved).toMatchObject({ status: 302, location: "/members/admin/approvals?done=tree-approved" });
      expect((await loadApprovalsPage(getRequest("/members/admin/approvals", admin.cookie))).trees).toEqual([]);
      const again = await outcome(() =>
        approvalsAction(
          postRequest("/members/admin/approvals", admin.cookie, { intent: "reject-tree", treeId: String(id) }, csrf),
          "",
        ),
      );
      expect(again.status).toBe(400);

      // Now approved: a newer file may replace it, and the person's tree downloads as GEDCOM.
      const form = await loadSubmitPage(
        getRequest(`/members/genealogy/submit?replaces=${id}`, alice.cookie),
        alice.user,
      );
      expect(form.replaces).toEqual({ id, title: "Kennedy" });
      const person = await database.db
        .selectFrom("people")
        .select("number")
        .where("tree_id", "=", id)
        .where("xref", "=", "I123")
        .executeTakeFirstOrThrow();
      const path_ = `/members/genealogy/person/G${person.number}/gedcom`;
      const bad = await outcome(() =>
        loadPersonGedcom(getRequest(`${path_}?depth=0`, bob.cookie), bob.user, `G${person.number}`),
      );
      expect(bad.status).toBe(400);
      const file = (await loadPersonGedcom(
        getRequest(`${path_}?depth=3`, bob.cookie),
        bob.user,
        `G${person.number}`,
      )) as Response;
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Disposition")).toBe(
        `attachment; filename="G${person.number}-3-generations.ged"`,
      );
      expect(await file.text()).toContain("Patrick Joseph /Kennedy/");
      const none = await outcome(() =>
        loadPersonGedcom(getRequest("/members/genealogy/person/x/gedcom", bob.cookie), bob.user, "x"),
      );
      expect(none.status).toBe(404);

      const gone = await outcome(() =>
        myTreesAction(
          postRequest("/members/genealogy/my-trees", alice.cookie, { intent: "withdraw", treeId: String(id) }, csrf),
          alice.user,
          "",
        ),
      );
      expect(gone).toMatchObject({ status: 302, location: "/members/genealogy/my-trees?done=withdrawn" });
      expect(uploads()).toEqual([]);
    }, 60_000);

    it("takes a file named Kowalski;Nowak=1.ged, and refuses a member over their quota beside the field (issue 26)", async () => {
      const named = await outcome(() =>
        submitAction(
          upload(bob, { title: "Kowalski; Nowak" }, { name: "Kowalski;Nowak=1.ged", bytes: fixture("kennedy.ged") }),
          bob.user,
          "",
        ),
      );
      expect(named).toMatchObject({ status: 302, location: expect.stringMatching(/done=submitted&tree=\d+$/) });
      const tree = Number(new URL(named.location!, TEST_BASE_URL).searchParams.get("tree"));
      const batch = await database.db
        .selectFrom("family_trees")
        .innerJoin("import_batches", "import_batches.id", "family_trees.batch_id")
        .select("import_batches.file_name")
        .where("family_trees.id", "=", tree)
        .executeTakeFirstOrThrow();
      expect(batch.file_name).toBe("Kowalski;Nowak=1.ged");
      // The file was read while the page waited, and a read tree keeps no file (decision 0054).
      expect(uploads()).toEqual([]);

      const quota = process.env.UPLOAD_QUOTA_MB;
      process.env.UPLOAD_QUOTA_MB = "1";
      try {
        const big = Buffer.concat([fixture("kennedy.ged"), Buffer.alloc(1024 * 1024, 0x20)]);
        const over = await outcome(() =>
          submitAction(upload(bob, { title: "Nowak of Kalisz" }, { name: "nowak.ged", bytes: big }), bob.user, ""),
        );
        expect(over.status).toBe(400);
        const body = over.body as { errors: { file: string }; values: { title: string } };
        expect(body.errors.file).toMatch(/past the 1 MB your uploads may take on the server/);
        expect(body.values.title).toBe("Nowak of Kalisz");
        expect(uploads()).toEqual([]);
      } finally {
        if (quota === undefined) delete process.env.UPLOAD_QUOTA_MB;
        else process.env.UPLOAD_QUOTA_MB = quota;
      }
      await myTreesAction(
        postRequest("/members/genealogy/my-trees", bob.cookie, { intent: "withdraw", treeId: String(tree) }, csrf),
        bob.user,
        "",
      ).catch((thrown: unknown) => thrown);
      expect(uploads()).toEqual([]);
    });
  });
}
