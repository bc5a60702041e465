// The module's entry: what other modules use (import '#modules/<name>', scripts/check-boundaries.mjs).
export { references } from './questions.repository.js';
export { type QuestionBody, questionBody, servedQuestionSchema } from './questions.schemas.js';
export { checkQuestion, insertPrepared, type PreparedQuestion } from './questions.service.js';
export { loadServedQuestion, serveQuestion, storedQuestionCache } from './served-question.js';
