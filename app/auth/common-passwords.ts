import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

/**
 * Guessable passwords that pass the length rule (issue #3: "a check against
 * common passwords"). Shared by the server and the browser, so a member hears
 * about a weak password before sending it; the list is kept to a few hundred
 * entries (a few kilobytes) for that reason. Guessing tools try breach lists
 * first and then the same words with digits and symbols around them, so
 * besides the list there are rules for that shape, for keyboard walks and
 * sequences, for repetition, and for the account's own username and e-mail.
 */

/**
 * Passwords of at least 12 characters that appear near the top of public
 * breach corpora (lower case; matching ignores case). Some are also caught by
 * the rules below; they are listed anyway so the list reads as what it is.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "000000000000",
  "0000000000000",
  "012345678901",
  "098765432109",
  "0987654321qwerty",
  "100200300400",
  "101010101010",
  "111111111111",
  "1111111111111",
  "111222333444",
  "112233445566",
  "1122334455667788",
  "121212121212",
  "123123123123",
  "123321123321",
  "123412341234",
  "123456123456",
  "123456654321",
  "123456789000",
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123456789123",
  "123456789987654321",
  "123456789a123",
  "123456789abc",
  "123456789qwe",
  "1234567890qwerty",
  "1234567891011",
  "123456qwerty",
  "123abc123abc",
  "123qweasdzxc",
  "1234qwerasdf",
  "1234qwerasdfzxcv",
  "147258369147",
  "147852369874",
  "159357159357",
  "159753159753",
  "1q2w3e4r5t6y",
  "1q2w3e4r5t6y7u",
  "1q2w3e4r5t6y7u8i",
  "1qaz2wsx3edc",
  "1qaz2wsx3edc4rfv",
  "1qazxsw23edc",
  "222222222222",
  "321321321321",
  "369258147369",
  "555555555555",
  "654321654321",
  "666666666666",
  "777777777777",
  "789456123789",
  "888888888888",
  "987654321098",
  "987654321987",
  "999999999999",
  "a1b2c3d4e5f6",
  "aaaaaaaaaaaa",
  "abc123abc123",
  "abc123456789",
  "abcd1234abcd",
  "abcdefg12345",
  "abcdefgh1234",
  "abcdefghijkl",
  "abcdefghijklmnop",
  "abcabcabcabc",
  "administrator",
  "administrator1",
  "administrator123",
  "adminadmin123",
  "alexander123",
  "arsenal12345",
  "asdasdasdasd",
  "asdf1234asdf",
  "asdfasdfasdf",
  "asdfghjkl123",
  "asdfghjkl1234",
  "asdfghjklqwerty",
  "azertyuiop123",
  "babygirl1234",
  "barcelona123",
  "baseball1234",
  "basketball12",
  "basketball123",
  "batman123456",
  "blink182blink182",
  "butterfly123",
  "changeme1234",
  "changeme12345",
  "charlie12345",
  "chelsea12345",
  "chocolate123",
  "christopher1",
  "computer1234",
  "cookie123456",
  "dragon123456",
  "dragonball123",
  "elizabeth123",
  "everton12345",
  "facebook1234",
  "football1234",
  "football12345",
  "fortnite1234",
  "garfield1234",
  "genealogy123",
  "genealogy1234",
  "hallo1234567",
  "harrypotter1",
  "harrypotter123",
  "hello1234567",
  "helloworld12",
  "helloworld123",
  "iloveyou1234",
  "iloveyou12345",
  "iloveyou123456",
  "iloveyouforever",
  "iloveyousomuch",
  "iloveyoubaby",
  "ilovemymom123",
  "internet1234",
  "jennifer1234",
  "jessica12345",
  "jordan231234",
  "kochamcie123",
  "kochamcie1234",
  "letmein12345",
  "letmein123456",
  "letmeinplease",
  "liverpool123",
  "liverpool1234",
  "manchester123",
  "manchesterunited",
  "marlboro1234",
  "master123456",
  "matrix123456",
  "michael12345",
  "michelle1234",
  "minecraft123",
  "minecraft1234",
  "monkey123456",
  "mustang12345",
  "mypassword123",
  "mypassword1234",
  "nicholas1234",
  "nopassword123",
  "opensesame123",
  "p@ssw0rd1234",
  "p@ssword1234",
  "passw0rd1234",
  "passw0rdpassw0rd",
  "passwort1234",
  "passwort12345",
  "password0000",
  "password1111",
  "password1234",
  "password12345",
  "password123456",
  "password1234567",
  "password123!",
  "password123!!",
  "password2020",
  "password2021",
  "password2022",
  "password2023",
  "password2024",
  "password2025",
  "passwordpassword",
  "pizza1234567",
  "pokemon12345",
  "polska123456",
  "princess1234",
  "q1w2e3r4t5y6",
  "q1w2e3r4t5y6u7",
  "qaz123wsx456",
  "qazwsx123456",
  "qazwsxedc123",
  "qazwsxedcrfv",
  "qazwsxedcrfvtgb",
  "qweasdzxc123",
  "qweasdzxcqwe",
  "qwer1234asdf",
  "qwerasdfzxcv",
  "qwerqwerqwer",
  "qwerty123456",
  "qwerty1234567",
  "qwerty123456789",
  "qwertyqwerty",
  "qwertyuiop12",
  "qwertyuiop123",
  "qwertyuiop1234",
  "qwertyuiopasdf",
  "qwertyuiopasdfghjkl",
  "qwertz123456",
  "qwertzuiop123",
  "realmadrid123",
  "samsung12345",
  "schatz123456",
  "secretpassword",
  "sebastian123",
  "spiderman123",
  "starwars1234",
  "starwars12345",
  "strawberry12",
  "strawberry123",
  "summer123456",
  "sunshine1234",
  "superman1234",
  "supersecret123",
  "sweetheart12",
  "sweetheart123",
  "thisismypassword",
  "thomas123456",
  "trustno1trustno1",
  "welcome12345",
  "welcome123456",
  "whatever1234",
  "zaq12wsxcde3",
  "zaq1zaq1zaq1",
  "zaq1@wsxcde3",
  "zxcvbnm12345",
  "zxcvbnm123456",
  "zxcvbnmasdfghjkl",
]);

/**
 * Words that, with digits or symbols before or after them, make up most
 * guessable long passwords ("Password2024!", "Welcome#123456", "Sommer2023!!").
 * Matched after undoing common letter-for-symbol swaps (p@ssw0rd).
 */
const BASE_WORDS: ReadonlySet<string> = new Set([
  "abc",
  "admin",
  "administrator",
  "alexander",
  "angel",
  "apple",
  "april",
  "arsenal",
  "august",
  "autumn",
  "baseball",
  "basketball",
  "batman",
  "blessed",
  "charlie",
  "chelsea",
  "chocolate",
  "christmas",
  "computer",
  "cookie",
  "december",
  "default",
  "dragon",
  "eagles",
  "facebook",
  "family",
  "february",
  "football",
  "freedom",
  "friday",
  "genealogy",
  "google",
  "hallo",
  "haslo",
  "hello",
  "hockey",
  "iloveyou",
  "internet",
  "january",
  "jesus",
  "july",
  "june",
  "killer",
  "kochamcie",
  "letmein",
  "liverpool",
  "login",
  "love",
  "lovely",
  "march",
  "master",
  "matrix",
  "metryka",
  "michael",
  "monday",
  "monkey",
  "mustang",
  "mypassword",
  "november",
  "october",
  "parish",
  "pass",
  "passw",
  "passwd",
  "passwort",
  "password",
  "pokemon",
  "polska",
  "princess",
  "qazwsx",
  "qwerty",
  "qwertz",
  "register",
  "schatz",
  "secret",
  "september",
  "shadow",
  "soccer",
  "sommer",
  "spring",
  "starwars",
  "summer",
  "sunday",
  "sunshine",
  "superman",
  "test",
  "tigger",
  "trustno",
  "welcome",
  "whatever",
  "winter",
  "zaq",
]);

/**
 * Sequences people type without thinking: the alphabet, digits (twice, so
 * that "789012345678" wraps), keyboard rows run together, and keyboard
 * columns. A password that is a stretch of one of these, forwards or
 * backwards, is refused.
 */
const WALKS: readonly string[] = [
  "abcdefghijklmnopqrstuvwxyz",
  "0123456789012345678901234567890123456789",
  "qwertyuiopasdfghjklzxcvbnm",
  "qwertzuiopasdfghjklyxcvbnm",
  "azertyuiopqsdfghjklmwxcvbn",
  "1234567890qwertyuiopasdfghjklzxcvbnm",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/",
  "qazwsxedcrfvtgbyhnujmikolp",
  "zaqxswcdevfrbgtnhymjukilop",
  "1q2w3e4r5t6y7u8i9o0p",
  "q1w2e3r4t5y6u7i8o9p0",
  "!@#$%^&*()_+",
  "`1234567890-=",
];

// Letters people swap for look-alike digits and symbols.
const LOOKALIKES: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
};

export interface PasswordOwner {
  username: string;
  email: string;
}

/**
 * Why a new password is too easy to guess, as a sentence for the form, or
 * undefined when it is acceptable. Length is the schema's job: outside the
 * allowed lengths this says nothing (and never works through 10,000
 * characters of input).
 */
export function passwordWeakness(password: string, owner: PasswordOwner): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) return undefined;
  const lower = password.toLowerCase();
  if (new Set(lower).size === 1) return "A password of one character repeated is easy to guess.";
  const username = owner.username.trim().toLowerCase();
  if (username.length >= 3 && lower.includes(username)) return "Your password must not contain your username.";
  const local = owner.email.trim().toLowerCase().split("@")[0] ?? "";
  if (local.length >= 3 && lower.includes(local)) return "Your password must not contain your e-mail address.";
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(undoLookalikes(lower))) {
    return "This is one of the most common passwords. Choose another.";
  }
  if (isWalk(lower)) return "A keyboard row or a sequence like 1234… or abcd… is easy to guess.";
  if (repeatedUnit(lower) !== undefined) return "A short pattern repeated is easy to guess.";
  if (isDecoratedWord(lower)) {
    return "A common word with digits or symbols added is easy to guess. Try a few unrelated words together.";
  }
  return undefined;
}

function isWalk(lower: string): boolean {
  const reversed = [...lower].reverse().join("");
  return WALKS.some((walk) => walk.includes(lower) || walk.includes(reversed));
}

/** The shortest string that the whole password repeats ("abcabcabcabc" → "abc"), if any. */
function repeatedUnit(text: string): string | undefined {
  const n = text.length;
  for (let size = 1; size <= n / 2; size++) {
    if (n % size !== 0) continue;
    const unit = text.slice(0, size);
    if (unit.repeat(n / size) === text) return unit;
  }
  return undefined;
}

function undoLookalikes(text: string): string {
  return [...text].map((c) => LOOKALIKES[c] ?? c).join("");
}

/**
 * A common word, or one repeated, with only digits and symbols around it:
 * "Password2024!", "!!welcome!!123456", "P@ssw0rd#2024", "summersummer99".
 */
function isDecoratedWord(lower: string): boolean {
  // Digits and symbols at either end are decoration; what is left is the word (which may itself use look-alikes).
  const core = /^[^a-z]*(.*?)[^a-z]*$/.exec(lower)?.[1] ?? "";
  if (core.length === 0) return false;
  const candidates = new Set([core, undoLookalikes(core), undoLookalikes(core).replaceAll("i", "l")]);
  for (const word of candidates) {
    if (BASE_WORDS.has(word)) return true;
    const unit = repeatedUnit(word);
    if (unit !== undefined && BASE_WORDS.has(unit)) return true;
  }
  return false;
}

/** How many entries the list holds, for the test that keeps it to its promise. */
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;
/** Every listed password, for tests. */
export const commonPasswords = (): string[] => [...COMMON_PASSWORDS];
