import { PreloadLink } from "~/browser/preload-link";
import type { ChartBox } from "../page.server";
import { useTranslation } from "~/i18n/react";

/**
 * The pedigree chart (decision 0025): the person on the left, each box followed to its right by the father above
 * and the mother below, joined by elbow lines drawn in CSS. The boxes are nested lists, so a screen reader hears
 * a person and then their parents, and the chart scrolls sideways inside its own focusable region on a phone.
 */
export function PedigreeChart({ root, name, generations }: { root: ChartBox; name: string; generations: number }) {
  const { t } = useTranslation("trees");
  return (
    <div className="pedigree-scroll" role="region" aria-label={t("pedigree.chart", { name })} tabIndex={0}>
      <ul className="pedigree" aria-label={t("pedigree.ancestors", { name })} data-generations={generations}>
        <Box box={root} />
      </ul>
    </div>
  );
}

function Box({ box }: { box: ChartBox }) {
  const p = box.person;
  const { t } = useTranslation("trees");
  const role = box.role === "Father" ? "m" : "f";
  return (
    <li className="pedigree-node">
      {p ? (
        <div className={`pedigree-box${box.n === 1 ? " pedigree-root" : ""}`}>
          {box.role && (
            <span className="visually-hidden">{t("person.role", { role: t(`person.roles.parent.${role}`) })} </span>
          )}
          {box.n === 1 ? (
            <strong className="pedigree-name">{p.name}</strong>
          ) : (
            <PreloadLink to={p.href} className="pedigree-name">
              {p.name}
            </PreloadLink>
          )}
          {p.years && <span className="pedigree-years">{p.years}</span>}
        </div>
      ) : (
        <div className="pedigree-box pedigree-empty">{t(`pedigree.empty.${role}`)}</div>
      )}
      {box.parents && (
        <ul>
          <Box box={box.parents[0]} />
          <Box box={box.parents[1]} />
        </ul>
      )}
    </li>
  );
}
