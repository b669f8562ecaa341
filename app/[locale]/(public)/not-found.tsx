import { NotFoundContent } from "@/components/layout/not-found-content";

// Renders inside the (public) layout, so a missing page keeps the site header and footer.
export default function PublicNotFound() {
  return <NotFoundContent />;
}
