import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { ROUTE_PRELOADS } from './route-preload-groups';
import { routePreloads } from './route-preload-plugin';

const chunk = (
  fileName: string,
  imports: string[],
  options: { entry?: boolean; module?: string; css?: string[] } = {},
) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: options.entry ?? false,
  facadeModuleId: options.module ? `/app/${options.module}` : null,
  imports,
  viteMetadata: { importedCss: new Set(options.css ?? []) },
});

describe('routePreloads', () => {
  const chunks = [
    chunk('assets/index.js', ['assets/react.js', 'assets/shared.js'], {
      entry: true,
      module: 'src/main.tsx',
    }),
    chunk('assets/react.js', []),
    chunk('assets/shared.js', []),
    chunk('assets/pages.js', ['assets/field.js', 'assets/shared.js'], {
      module: 'src/pages.ts',
      css: ['assets/pages.css'],
    }),
    chunk('assets/field.js', ['assets/react.js'], { css: ['assets/field.css'] }),
    chunk('assets/en-student.js', [], { module: 'src/en-student.ts' }),
    chunk('assets/admin.js', ['assets/field.js'], { module: 'src/admin.ts' }),
  ];

  it('lists a group’s chunks, their static imports and their CSS, leaving out what the entry loads', () => {
    const [group] = routePreloads('/app', chunks, [
      { modules: ['src/pages.ts', 'src/en-student.ts'], paths: ['/login'] },
    ]);
    expect(group).toEqual({
      paths: ['/login'],
      scripts: ['/assets/pages.js', '/assets/field.js', '/assets/en-student.js'],
      styles: ['/assets/pages.css', '/assets/field.css'],
    });
  });

  it('refuses a module that is not a chunk of its own', () => {
    expect(() => routePreloads('/app', chunks, [{ modules: ['src/field.ts'], paths: ['/x'] }])).toThrow(
      /src\/field\.ts is not a chunk/,
    );
  });
});

describe('ROUTE_PRELOADS', () => {
  it('covers each student page’s path once, every one of them a path of the app', () => {
    const listed = ROUTE_PRELOADS.flatMap((group) => group.paths);
    expect(new Set(listed).size).toBe(listed.length);
    const student = [
      paths.login,
      paths.inactive,
      paths.signup,
      paths.signupSuccess,
      paths.forgotPassword,
      paths.resetPassword,
      paths.studentVerification,
      paths.studentNotVerified,
      paths.dashboard,
      paths.dashboardPayment,
      paths.practiceQuiz,
      paths.contestQuiz,
      paths.profile,
      paths.profileEdit,
      paths.paymentSuccess,
      paths.paymentFailed,
      paths.quiz,
      paths.quizResults,
    ];
    expect([...listed].sort()).toEqual([...student].sort());
  });
});
