/** The society tool reads the session on every request: never rendered ahead or cached. */
export const dynamic = "force-dynamic";

export default function SocietyManagerLayout({ children }: { children: React.ReactNode }) {
  return children;
}
