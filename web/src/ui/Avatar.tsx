import './avatar.css';

/** A person's initials in a round badge beside their name (decoration: the name says who). */
export function Avatar({ firstName, lastName, size = 'md' }: { firstName: string; lastName: string; size?: 'md' | 'lg' }) {
  return (
    <span className={size === 'lg' ? 'avatar avatar-lg' : 'avatar'} aria-hidden="true">
      {firstName.charAt(0)}
      {lastName.charAt(0)}
    </span>
  );
}
