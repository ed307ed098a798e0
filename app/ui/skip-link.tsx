// First focusable element of every page, so keyboard and switch users can pass
// the header and navigation. The layout's <main> needs id="main" and
// tabIndex={-1} so that following the link moves focus, not only the scroll.
import { useTranslation } from "~/i18n/react";

export function SkipLink({ targetId = "main", children }: { targetId?: string; children?: string }) {
  const { t } = useTranslation("common");
  return (
    <a className="skip-link" href={`#${targetId}`}>
      {children ?? t("shell.skipLink")}
    </a>
  );
}
