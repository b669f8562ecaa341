/**
 * The frame of a public tool page (/loans, /calculator, /eligibility, /apply, /status): width, padding, and
 * the page's title with its introduction. Server component.
 */
export function PublicPage({ title, subtitle, children }: { title: string; subtitle: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="page-width py-8 md:py-12">
      <header className="mb-6 max-w-2xl md:mb-8">
        <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
        <p className="text-muted-foreground mt-2 leading-relaxed">{subtitle}</p>
      </header>
      {children}
    </div>
  );
}
