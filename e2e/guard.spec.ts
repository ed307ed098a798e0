import { expect, test } from "./fixtures";
import { expectAccessible } from "./helpers";

/**
 * The auth-admin guard matrix (issue #3): every members' path, as every kind
 * of account, answers exactly the expected status or redirect.
 */
const MEMBER_PAGES = [
  "/members/profile",
  "/members/profileEditEmail",
  "/members/profileEditPassword",
  "/members/profileEditPersonal",
  "/members/profileEditUsername",
  // The Lublin collections (members only) exist now: their search pages are guarded like the rest.
  "/members/lublin/birth/search",
  "/members/lublin/death/search",
  "/members/lublin/marriage/search",
  // The Volhynian collections (members only) likewise.
  "/members/volhynian/birth/search",
  "/members/volhynian/death/search",
  "/members/volhynian/marriage/search",
  // The members' name indexes: one search each.
  "/members/odessa-stpete/search",
  "/members/parish-records-idx/search",
  // People linked into families (decision 0017).
  "/members/lodz/search",
  "/members/genealogy/search",
];

test("every members' path answers each kind of account as it should", async ({
  request,
  makeAccount,
  cookieFor,
  database,
}) => {
  const slug = `guide-${Date.now()}`;
  await database.db
    .insertInto("content_pages")
    .values({
      slug,
      title: "Reading Russian registers",
      body_markdown: "# Hello",
      published: 1,
      updated_at: new Date().toISOString(),
      updated_by: null,
    })
    .execute();
  try {
    const accounts = {
      pending: await makeAccount({ status: "pending" }),
      active: await makeAccount(),
      expired: await makeAccount({ expires: "2020-01-01" }),
      suspended: await makeAccount({ status: "suspended" }),
      admin: await makeAccount({ role: "admin" }),
    };
    const paths = [...MEMBER_PAGES, "/members/admin", `/members/${slug}`];
    const expected = (who: string, path: string): string => {
      if (who === "visitor") return `302 /Login?redirectTo=${encodeURIComponent(path)}`;
      if (who === "pending" || who === "expired" || who === "suspended") return "403";
      if (path === "/members/admin" && who !== "admin") return "403";
      return "200";
    };
    const seen: string[] = [];
    const want: string[] = [];
    for (const [who, account] of [["visitor", null] as const, ...Object.entries(accounts)]) {
      const headers = account ? { Cookie: await cookieFor(account) } : undefined;
      for (const path of paths) {
        const response = await request.get(path, { headers, maxRedirects: 0 });
        const location = response.headers().location;
        seen.push(`${who} ${path} → ${response.status()}${location ? ` ${location}` : ""}`);
        want.push(`${who} ${path} → ${expected(who, path)}`);
      }
    }
    expect(seen).toEqual(want);
    // An unknown content page is a plain 404 for members, and still a sign-in for visitors.
    const member = { Cookie: await cookieFor(accounts.active) };
    expect((await request.get("/members/no-such-guide", { headers: member, maxRedirects: 0 })).status()).toBe(404);
    expect((await request.get("/members/no-such-guide", { maxRedirects: 0 })).status()).toBe(302);
    expect((await request.get("/members/Bad..Slug", { headers: member, maxRedirects: 0 })).status()).toBe(404);
  } finally {
    await database.db.deleteFrom("content_pages").where("slug", "=", slug).execute();
  }
});

test("a member reads a content page; its Markdown cannot run scripts", async ({
  page,
  makeAccount,
  signInAs,
  database,
}) => {
  const slug = `journal-${Date.now()}`;
  await database.db
    .insertInto("content_pages")
    .values({
      slug,
      title: "Journal 2026/3",
      body_markdown:
        "## Contents\n\n- Heimtal colonists\n\n<script>window.__pwned = true</script>\n\n[evil](javascript:alert(1))",
      published: 1,
      updated_at: new Date().toISOString(),
      updated_by: null,
    })
    .execute();
  try {
    const account = await makeAccount();
    await signInAs(account);
    await page.goto(`/members/${slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Journal 2026/3");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText("Contents");
    await expect(page.getByText("<script>window.__pwned = true</script>")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(await page.getByRole("link", { name: "evil" }).getAttribute("href")).toBe("#");
    await expectAccessible(page);
  } finally {
    await database.db.deleteFrom("content_pages").where("slug", "=", slug).execute();
  }
});

test("a pending member is told why, not just refused", async ({ page, makeAccount, signInAs }) => {
  const account = await makeAccount({ status: "pending" });
  await signInAs(account);
  const response = await page.goto("/members/profile");
  expect(response?.status()).toBe(403);
  await expect(page.getByText(/confirm your e-mail address, or wait for the society to approve/)).toBeVisible();
});
