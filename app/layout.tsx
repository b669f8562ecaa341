/**
 * The document itself (<html lang>) is rendered by app/[locale]/layout.tsx, the root of every page.
 * This pass-through exists for app/not-found.tsx, which answers URLs that reach no page at all.
 */
export default function PassThroughLayout({ children }: { children: React.ReactNode }) {
  return children;
}
