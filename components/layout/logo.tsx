/** Brand mark: a taka sign in a rounded square, drawn inline so it costs no request. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-lg leading-none font-bold text-primary-foreground ${className ?? ""}`}
    >
      ৳
    </span>
  );
}
