/** What an account section shows while its query loads, or when it failed ("Your bookings could not be loaded..."). */
export function SectionState({ failed, what }: { failed: boolean; what: string }) {
  if (!failed) return <p className="muted">Loading your {what}...</p>;
  return (
    <p className="account-message" role="alert">
      Your {what} could not be loaded. Please try again shortly.
    </p>
  );
}
