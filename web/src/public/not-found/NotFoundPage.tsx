import { Link, useLocation } from 'react-router-dom';
import { useDocumentMeta } from '../../lib/use-document-title';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentMeta('Page Not Found', 'The page you are looking for does not exist.');
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">Page Not Found</h1>
      <p>
        We couldn't find <code>{pathname}</code>.
      </p>
      <p className="dev-hint">
        Did you forget to add the page to the router? Routes live in <code>web/src/app/routes.tsx</code>.
      </p>
      <Link className="btn btn-primary" to="/">
        Go to Home
      </Link>
    </section>
  );
}
