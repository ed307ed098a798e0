// First focusable element of every page, so keyboard and switch users can pass
// the header and navigation. The layout's <main> needs id="main" and
// tabIndex={-1} so that following the link moves focus, not only the scroll.
export function SkipLink({
  targetId = "main",
  children = "Skip to content",
}: {
  targetId?: string;
  children?: string;
}) {
  return (
    <a className="skip-link" href={`#${targetId}`}>
      {children}
    </a>
  );
}
