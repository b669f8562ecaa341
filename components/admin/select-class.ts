/** Native select styled like the inputs (the phone's own picker, no extra script). Server and client alike. */
export const adminSelectClassName =
  "border-input bg-background h-9 w-full min-w-0 rounded-md border px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px] aria-invalid:border-destructive";
