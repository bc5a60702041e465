/** Texts of the quiz guidelines, question screen, answer delivery, results. Keys start with 'quiz.'. */
export const quiz = {} as const;
