import type { QuizKind } from '@riyazi/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { STUDENT_KEY_ROOT } from '../query/query-meta';
import { sessionActions } from '../session/session-store';
import type { QuizRef } from '../session/session-types';
import { type StartPlayResponse, startPlay } from './play-quiz-api';
import { errorCode, reportPlayQuizError } from './play-quiz-errors';
import { questionUrl, resultsUrl } from './quiz-urls';

export function quizRefOf({ play, quiz }: StartPlayResponse): QuizRef {
  return {
    _id: play._id,
    title: quiz.title,
    quizId: quiz._id,
    questionIds: [...play.questions].sort((a, b) => a.position - b.position).map((q) => q._id),
    secondsPerQuestion: quiz.secondsPerQuestion,
  };
}

/**
 * POST /play-quiz/ (start, or resume the open play): keeps the play in the quiz slice with the
 * attempts the server counted, then opens the current question (spec §4).
 */
export function useStartPlay() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { quizId: string; type: QuizKind }) => startPlay(input),
    onSuccess: async (response, { type }) => {
      const ref = quizRefOf(response);
      sessionActions.setQuiz({
        [type === 'CONTEST' ? 'contestQuiz' : 'practiceQuiz']: ref,
        contestAttempts: response.contestAttempts,
      });
      await queryClient.invalidateQueries({ queryKey: [STUDENT_KEY_ROOT, 'play-quiz', 'available'] });
      const { currentIndex } = response.play;
      await navigate(
        currentIndex >= ref.questionIds.length
          ? resultsUrl(ref._id)
          : questionUrl(type, ref.quizId, currentIndex),
      );
    },
    onError: async (error) => {
      if (errorCode(error) === 'PROFILE_INCOMPLETE') {
        toast.error(error.message, { id: 'play-quiz-error' });
        await navigate(paths.profileEdit);
        return;
      }
      reportPlayQuizError(error, navigate);
    },
  });
}
