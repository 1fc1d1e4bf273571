const count = (n: number) => n.toLocaleString('en-US');

/**
 * Under a text field with a length limit: how much of it is used and, past the limit, by how
 * much it is too long. The field keeps everything typed or pasted (nothing is cut silently); the
 * form's check then refuses it with the contract's message until it is shortened. The caller
 * counts as the server does (trimmed); `label` reads after "please shorten your".
 */
export function CharacterCount({ id, length, max, label }: { id: string; length: number; max: number; label: string }) {
  const over = length - max;
  return (
    <div id={id} className={`field-count${over > 0 ? ' field-count-over' : ''}`}>
      <p>
        {count(length)} / {count(max)} characters
      </p>
      {over > 0 && (
        <p role="status">
          {count(over)} {over === 1 ? 'character' : 'characters'} too many: please shorten your {label}.
        </p>
      )}
    </div>
  );
}
