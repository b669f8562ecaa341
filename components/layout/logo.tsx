/** Brand mark: a taka sign in a rounded square, drawn inline so it costs no request. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span aria-hidden className={className ? `logo-mark ${className}` : "logo-mark"}>
      ৳
    </span>
  );
}
