/** The wizard's fields OCR filled in, with the text it put there (shown with "read from your card, please check"). */
export type CardFilledFields = Partial<Record<"name" | "dob" | "nid", string>>;

/**
 * A name as the card prints it ("MD RAHIM UDDIN") in the way people write it ("Md Rahim Uddin"). Names already in
 * mixed case or in Bengali are left as they are.
 */
export function displayName(cardName: string): string {
  const name = cardName.trim().replace(/\s+/g, " ");
  if (name !== name.toUpperCase()) return name;
  return name.toLowerCase().replace(/(^|[\s.'-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** Whether a field still holds what OCR put there (once the applicant changes it, the marker goes). */
export function stillFromCard(filled: CardFilledFields, field: keyof CardFilledFields, current: string): boolean {
  return filled[field] !== undefined && filled[field] === current;
}
