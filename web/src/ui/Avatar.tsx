import './avatar.css';

/**
 * A person's photo, or their initials without one, in a round badge beside their name
 * (decoration: the name says who, so the image has no alt text of its own).
 */
export function Avatar({ firstName, lastName, size = 'md', photoUrl }: { firstName: string; lastName: string; size?: 'md' | 'lg' | 'xl'; photoUrl?: string }) {
  const className = size === 'md' ? 'avatar' : `avatar avatar-${size}`;
  if (photoUrl) return <img className={`${className} avatar-photo`} src={photoUrl} alt="" aria-hidden="true" />;
  return (
    <span className={className} aria-hidden="true">
      {firstName.charAt(0)}
      {lastName.charAt(0)}
    </span>
  );
}
