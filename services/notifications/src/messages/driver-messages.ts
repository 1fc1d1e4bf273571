import { COMPANY } from '@limo/contracts/common/company';
import { htmlEmail, textEmail, type Block } from './message-layout.js';

/** An email to a driver, by kind. */
export interface ComposedEmail {
  kind: 'driver-already-registered';
  subject: string;
  text: string;
  html: string;
}

/**
 * To the driver whose email someone used on the public registration form: the form answered as
 * for anyone (it never tells whose email is a driver's), so the owner learns of it here, with
 * their username and where to sign in.
 */
export function alreadyRegisteredEmail(driver: { firstName: string; username: string }, signInUrl: string): ComposedEmail {
  const blocks: Block[] = [
    { paragraph: `Someone, perhaps you, has just applied to drive for ${COMPANY.name} with this email address. You already have a driver account, so no new one was made.` },
    { rows: [['Your username', driver.username]] },
    { link: { label: 'Sign in', href: signInUrl } },
    { paragraph: `Forgotten your password? Call us on ${COMPANY.phone.display} and we will reset it. If this was not you, you need do nothing.` },
  ];
  const greeting = `Dear ${driver.firstName},`;
  return {
    kind: 'driver-already-registered',
    subject: `Your ${COMPANY.name} driver account`,
    text: textEmail(greeting, blocks),
    html: htmlEmail('You already have a driver account', greeting, blocks),
  };
}
