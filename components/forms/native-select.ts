/**
 * The one style of native <select>: the phone's own picker and no extra script, drawn like shadcn's Input.
 * Two sizes of it: touch-sized on public forms (16 px text, so phones do not zoom in), and the back office's
 * desk size next to its h-9 inputs. Plain strings, usable from server and client components alike.
 */
const nativeSelectBase =
  "border-input bg-background w-full min-w-0 rounded-md border px-3 shadow-xs outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] aria-invalid:border-destructive aria-invalid:ring-destructive/20 disabled:opacity-50";

export const selectClassName = `${nativeSelectBase} h-10 text-base md:text-sm`;
export const compactSelectClassName = `${nativeSelectBase} h-9 text-sm`;
