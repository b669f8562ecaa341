import { WEB_FONT_SCRIPT } from "@/lib/web-font";

/** Switches the web font on after the first contentful paint (lib/web-font.ts). In <head>, so it runs before that. */
export function WebFontScript() {
  return <script dangerouslySetInnerHTML={{ __html: WEB_FONT_SCRIPT }} />;
}
