/** The student dashboard: its menu, home, standing and quiz lists. Keys start with 'dashboard.'. */
export const dashboard = {
  'dashboard.nav.label': 'Student',
  'dashboard.nav.practice': 'Practice quiz',
  'dashboard.nav.contest': 'Contest quiz',
  'dashboard.nav.payment': 'Payment',
  'dashboard.nav.profile': 'Profile',
  'dashboard.welcome': 'Welcome, {name}!',
  'dashboard.studentNumber': 'Student number',
  'dashboard.grade': 'Grade',
  'dashboard.gradeNotChosen': 'Not chosen yet',
  'dashboard.completeProfile.title': 'Complete your profile',
  'dashboard.completeProfile.text':
    'Add your school, grade and the other missing details. You need a complete profile to take the contest.',
  'dashboard.contestQuizzes': 'Contest quizzes',
  'dashboard.practiceQuizzes': 'Practice quizzes',
  'dashboard.card.practice.title': 'Practice quiz',
  'dashboard.card.practice.text':
    'Warm up at your own pace. You see the right answers and explanations as you go.',
  'dashboard.card.contest.title': 'Contest quiz',
  'dashboard.card.contest.ready':
    'You have contest attempts ready. Do your best: quick, correct answers score highest.',
  'dashboard.card.contest.none': 'Take on students of your grade from all over Pakistan.',
  'dashboard.card.payment.title': 'Payment',
  'dashboard.card.payment.more': 'Need more attempts? Pay or enter a code here.',
  'dashboard.card.payment.none': 'Pay or enter a code to get your contest attempts.',
  'dashboard.card.payment.action': 'Get attempts',
  'dashboard.standing.title': 'Your standing',
  'dashboard.standing.rankOf':
    'Rank {rank} of {count} in your grade, with a score of {score}. Your best contest attempt counts.',
  'dashboard.standing.rankOnly':
    'Rank {rank} in your grade, with a score of {score}. Your best contest attempt counts.',
  'dashboard.standing.nextPhase': 'Next: {phase}, from {date}.',
  'dashboard.standing.notRanked': 'Not ranked yet: finish a contest attempt to get your rank.',
  'dashboard.standing.ended': '{phase} ended on {date}.',
  'dashboard.standing.qualified': 'Well done: you qualified for it!',
  'dashboard.standing.notQualified':
    'It is for the top students of each grade; you did not qualify this time. Keep practising!',
  'dashboard.standing.topMoveOn': 'The top students of each grade move on to it.',
  'dashboard.quizzes.loading': 'Loading your quizzes…',
  'dashboard.quizzes.failed': 'Your quizzes could not be loaded.',
  'dashboard.quizzes.noContest': 'No contest quiz is open for your grade right now.',
  'dashboard.quizzes.noPractice': 'No practice quiz is open for your grade right now.',
  'dashboard.quizzes.questions': '{count} questions',
  'dashboard.quizzes.minutesEach': '{minutes} min each',
  'dashboard.quizzes.secondsEach': '{seconds} s each',
  'dashboard.quizzes.closes': 'closes {date}',
  'dashboard.quizzes.attemptsLeft': 'Attempts left:',
  'dashboard.quizzes.opening': 'Opening…',
  'dashboard.quizzes.resume': 'Resume',
  'dashboard.quizzes.getAttempts': 'Get attempts',
  'dashboard.quizzes.start': 'Start',
  'dashboard.practicePage.title': 'Practice quiz',
  'dashboard.practicePage.text':
    'Warm up at your own pace: you see the right answers and explanations as you go.',
  'dashboard.contestPage.title': 'Contest quiz',
  'dashboard.contestPage.text':
    'Quick, correct answers score highest. A contest cannot be paused once it starts.',
} as const;
