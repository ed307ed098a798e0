import { once } from "node:events";
import { createWriteStream } from "node:fs";

/**
 * A generated GEDCOM tree of `people` people for the tree benchmark and the resource tests: couples with three
 * children each, every person with a name, sex, birth (date and place) and death, linked both ways (FAMC/FAMS and
 * HUSB/WIFE/CHIL), about 190 bytes a person as the probe's files were. Written as a stream: a million people never
 * sit in memory.
 */
export async function writeGedcomTree(file: string, people: number): Promise<number> {
  const out = createWriteStream(file);
  let buffered: string[] = [];
  const flush = async () => {
    if (!out.write(buffered.join(""))) await once(out, "drain");
    buffered = [];
  };
  buffered.push("0 HEAD\n1 SOUR METRYKA_BENCH\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n");
  // Person i belongs as a child to family floor(i / 5) - 1 (the first five are the founders' generation) and is
  // a spouse in family floor(i / 2) when that family exists: couples (2k, 2k+1) head family k.
  const families = Math.floor(people / 2);
  const surnames = ["Nowak", "Kowalski", "Wiśniewski", "Schulz", "Müller", "Kessler", "Zieliński", "Wójcik"];
  for (let i = 0; i < people; i++) {
    const sex = i % 2 === 0 ? "M" : "F";
    const born = 1700 + (i % 250);
    const lines = [
      `0 @I${i}@ INDI`,
      `1 NAME ${sex === "M" ? "Jan" : "Maria"} ${i} /${surnames[i % surnames.length]}/`,
      `1 SEX ${sex}`,
      `1 BIRT`,
      `2 DATE ${(i % 28) + 1} MAR ${born}`,
      `2 PLAC Łódź, Poland`,
      `1 DEAT`,
      `2 DATE ${born + 60}`,
    ];
    const parents = Math.floor(i / 3) - 2;
    if (parents >= 0 && parents < families && 2 * parents + 1 < i) lines.push(`1 FAMC @F${parents}@`);
    if (Math.floor(i / 2) < families) lines.push(`1 FAMS @F${Math.floor(i / 2)}@`);
    buffered.push(`${lines.join("\n")}\n`);
    if (buffered.length >= 2_000) await flush();
  }
  for (let f = 0; f < families; f++) {
    const lines = [
      `0 @F${f}@ FAM`,
      `1 HUSB @I${2 * f}@`,
      `1 WIFE @I${2 * f + 1}@`,
      "1 MARR",
      `2 DATE ${1720 + (f % 250)}`,
    ];
    for (let c = 3 * (f + 2); c < 3 * (f + 2) + 3 && c < people; c++) if (2 * f + 1 < c) lines.push(`1 CHIL @I${c}@`);
    buffered.push(`${lines.join("\n")}\n`);
    if (buffered.length >= 2_000) await flush();
  }
  buffered.push("0 TRLR\n");
  await flush();
  out.end();
  await once(out, "finish");
  return families;
}
