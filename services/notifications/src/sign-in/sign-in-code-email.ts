import { COMPANY } from '@limo/contracts/common/company';
import { htmlEmail, textEmail, type Block } from '../messages/message-layout.js';

/** The email with a customer's sign-in code: the code first, so a phone's preview shows it. */
export function signInCodeEmail(code: string, validMinutes: number, accountUrl: string) {
  const blocks: Block[] = [
    { rows: [['Your sign-in code', code]] },
    { paragraph: `It is valid for ${validMinutes} minutes and works once. Enter it on the sign-in page to see your bookings.` },
    { link: { label: 'Your account', href: accountUrl } },
    { paragraph: 'If you did not ask for it, you need do nothing: nobody can sign in without this code.' },
  ];
  const greeting = 'Hello,';
  return {
    subject: `Your ${COMPANY.name} sign-in code`,
    text: textEmail(greeting, blocks),
    html: htmlEmail('Your sign-in code', greeting, blocks),
  };
}
