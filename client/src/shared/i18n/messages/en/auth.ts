/** Log in, log out, password reset, e-mail confirmation and account-state pages. Keys start with 'auth.'. */
export const auth = {
  'auth.login.title': 'Student log in',
  'auth.login.intro': 'Log in to take practice quizzes and the contest.',
  'auth.login.done': 'Logged in. Opening your dashboard…',
  'auth.login.pending': 'Logging in…',
  'auth.login.forgot': 'Forgot your password?',
  'auth.login.newHere': 'New here?',
  'auth.logout': 'Log out',
  'auth.logout.pending': 'Logging out…',
  'auth.forgot.title': 'Forgot your password?',
  'auth.forgot.intro':
    'Enter the e-mail address you signed up with. We will send you a link to choose a new password.',
  'auth.forgot.submit': 'Send the link',
  'auth.forgot.sentTitle': 'Check your e-mail',
  'auth.forgot.sentText':
    'The link works for a short time only. If nothing arrives in a few minutes, look in the spam folder, or check that you typed the e-mail address you signed up with.',
  'auth.forgot.another': 'Use another e-mail',
  'auth.reset.title': 'Choose a new password',
  'auth.reset.newPassword': 'New password',
  'auth.reset.again': 'Type it again',
  'auth.reset.againRequired': 'Please type the new password again',
  'auth.reset.notSame': 'The two passwords are not the same',
  'auth.reset.submit': 'Save the new password',
  'auth.reset.doneTitle': 'Password changed',
  'auth.reset.doneText': 'For your safety, you are logged out on every phone and computer.',
  'auth.reset.badLinkTitle': 'This link does not work',
  'auth.reset.badLinkText': 'The link to reset your password is incomplete, has expired or was already used.',
  'auth.reset.badLinkHelp': 'Ask for a new link: it arrives in a minute or two.',
  'auth.reset.askNew': 'Ask for a new link',
  'auth.inactive.title': 'Your account is inactive',
  'auth.inactive.text':
    'The organisers have switched off this Riyazi account, so you cannot log in with it right now. Your details and results are kept.',
  'auth.inactive.help':
    'If you think this is a mistake, contact the organisers. Tell them the e-mail address you signed up with and the name of the student, and they will look into it.',
  'auth.notVerified.title': 'Confirm your e-mail address',
  'auth.notVerified.sent':
    'We sent a link to {email}. Open it to confirm that this e-mail address is yours, then come back here.',
  'auth.notVerified.spam':
    'Can’t find it? Look in the spam or junk folder. It can take a few minutes to arrive.',
  'auth.notVerified.sendAgain': 'Send again',
  'auth.notVerified.sendAgainIn': 'Send again in {seconds} s',
  'auth.notVerified.confirmed': 'I have confirmed it',
  'auth.notVerified.notYet': 'Not confirmed yet. Open the newest link we sent, then press the button again.',
  'auth.notVerified.wrongEmail': 'Wrong e-mail address?',
  'auth.verify.checkingTitle': 'Confirming your e-mail',
  'auth.verify.checking': 'Checking your link…',
  'auth.verify.doneTitle': 'Your e-mail is confirmed',
  'auth.verify.alreadyTitle': 'Your e-mail was already confirmed',
  'auth.verify.doneText': 'Thank you! Your Riyazi account is ready to use.',
  'auth.verify.alreadyText':
    'There is nothing more to do: this link was used before and your account is ready.',
  'auth.verify.toDashboard': 'Go to your dashboard',
  'auth.verify.invalidText': 'The confirmation link is incomplete or has expired.',
  'auth.verify.invalidHelp':
    'To get a new link, log in and press {button} on the page that asks you to confirm your e-mail.',
  'auth.verify.sendNew': 'Send a new link',
  'auth.verify.takenTitle': 'This e-mail address cannot be used',
  'auth.verify.takenHelp': 'Your account keeps the e-mail address it had. You can choose another one.',
  'auth.verify.editProfile': 'Edit your profile',
  'auth.verify.failedTitle': 'We could not check your link',
  'auth.verify.failedText':
    'Something went wrong while confirming your e-mail. Check your internet connection and try again.',
} as const;
