/**
 * An admin list's search: its input and the Search button that applies it (the list is asked
 * again when submitted, not on every key). Inside the page's search form.
 */
export function SearchField({ id, value, placeholder, onChange }: { id: string; value: string; placeholder: string; onChange: (value: string) => void }) {
  return (
    <div className="field admin-search">
      <label htmlFor={id}>Search</label>
      <div className="admin-search-row">
        <input id={id} type="search" value={value} maxLength={100} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
        <button type="submit" className="btn btn-primary btn-sm">
          Search
        </button>
      </div>
    </div>
  );
}
