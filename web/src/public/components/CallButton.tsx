import { COMPANY, companyPhoneHref } from '../../lib/company';

/** "Call (xxx) xxx-xxxx": the phone link beside a page's booking button. */
export function CallButton() {
  return (
    <a className="btn btn-outline" href={companyPhoneHref}>
      Call {COMPANY.phone.display}
    </a>
  );
}
