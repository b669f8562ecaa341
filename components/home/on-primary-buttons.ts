/** Button styles for dark-green (primary) bands: the hero and the final call to action. */
export const onPrimarySolidButton = "bg-background text-primary hover:bg-background/90";
export const onPrimaryOutlineButton =
  "border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground";
