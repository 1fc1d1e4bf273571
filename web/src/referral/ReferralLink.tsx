import { Navigate, useParams } from 'react-router-dom';
import { WEB_PAGES } from '@limo/contracts/common/web-routes';
import { keepReferralCode } from './referral-code';

/**
 * `/r/<code>`: a friend's Refer & Fly link. Keeps the code for the booking (the wizard shows it and
 * sends it) and goes on to /booking; a code of the wrong shape is dropped on the way.
 */
export default function ReferralLink() {
  const { code = '' } = useParams();
  keepReferralCode(code);
  return <Navigate to={WEB_PAGES.booking} replace />;
}
