import type { MigrationRequirement } from '@app/shared/api/auth';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import type { SetupRequirement, SignInOutcome, SignInStart } from '../api/sign-in-outcome';
import { LoginForm } from './login-form';

/*
 * The steps after the password download only when a sign-in needs them (most need none), and start
 * downloading on the first interaction with the form.
 */
const loadSecondFactorStep = () => import('./second-factor-step');
const loadSoftMigrationNotice = () => import('./soft-migration-notice');
const loadStrictMigrationStep = () => import('./strict-migration-step');
const SecondFactorStep = lazy(() => loadSecondFactorStep().then((module) => ({ default: module.SecondFactorStep })));
const SoftMigrationNotice = lazy(() =>
  loadSoftMigrationNotice().then((module) => ({ default: module.SoftMigrationNotice })),
);
const StrictMigrationStep = lazy(() =>
  loadStrictMigrationStep().then((module) => ({ default: module.StrictMigrationStep })),
);

function preloadSteps(): void {
  for (const load of [loadSecondFactorStep, loadSoftMigrationNotice, loadStrictMigrationStep]) {
    load().catch(() => undefined);
  }
}

type Step =
  | { kind: 'credentials' }
  | { kind: 'secondFactor'; start: Extract<SignInStart, { kind: 'secondFactor' }> }
  | { kind: 'softMigration'; migration: MigrationRequirement }
  | { kind: 'strictMigration'; migration: SetupRequirement };

export interface SignInFlowProps {
  /** Shown above the form (title, welcome), only while the password is asked. */
  intro?: ReactNode;
  /** Shown below the form (password reset, registration), only while the password is asked. */
  footer?: ReactNode;
  /** Continues after the session started (post-login routing); false when it could not, and the form returns. */
  onSignedIn: () => Promise<boolean>;
  /** From the soft-migration notice: go and turn a second factor on now. */
  onSetUpSecondFactor: () => Promise<void> | void;
  /** A strict migration met before this screen showed (a sign-in by a code in the address). */
  initialSetupRequirement?: SetupRequirement;
}

/**
 * Every way into the product (spec 000 §4 Sign-in): the password, then the step the auth service
 * asks for (an authenticator code, a sent code, a push answer), then a two-factor migration when one
 * applies, and finally post-login routing.
 */
export function SignInFlow({
  intro,
  footer,
  onSignedIn,
  onSetUpSecondFactor,
  initialSetupRequirement,
}: SignInFlowProps) {
  const [step, setStep] = useState<Step>(() =>
    initialSetupRequirement ? { kind: 'strictMigration', migration: initialSetupRequirement } : { kind: 'credentials' },
  );
  const [login, setLogin] = useState('');
  const restart = () => setStep({ kind: 'credentials' });

  async function continueSignedIn(): Promise<void> {
    if (!(await onSignedIn())) restart();
  }

  async function handleOutcome(outcome: SignInOutcome, migration?: MigrationRequirement): Promise<void> {
    if (outcome.kind === 'setupRequired') {
      setStep({ kind: 'strictMigration', migration: outcome.migration });
      return;
    }
    const soft = outcome.migration ?? migration;
    if (soft?.req === 'soft') {
      setStep({ kind: 'softMigration', migration: soft });
      return;
    }
    await continueSignedIn();
  }

  async function handleStart(start: SignInStart): Promise<void> {
    if (start.kind === 'secondFactor') {
      setLogin(start.login);
      setStep({ kind: 'secondFactor', start });
      return;
    }
    await handleOutcome(start);
  }

  let content: ReactNode;
  switch (step.kind) {
    case 'credentials':
      return (
        <>
          {intro}
          <LoginForm initialEmail={login} onStarted={handleStart} onInteract={preloadSteps} />
          {footer}
        </>
      );
    case 'secondFactor':
      content = (
        <SecondFactorStep
          start={step.start}
          onOutcome={(outcome) => handleOutcome(outcome, step.start.migration)}
          onRestart={restart}
        />
      );
      break;
    case 'softMigration':
      content = (
        <SoftMigrationNotice migration={step.migration} onSetUp={onSetUpSecondFactor} onContinue={continueSignedIn} />
      );
      break;
    case 'strictMigration':
      content = <StrictMigrationStep migration={step.migration} onOutcome={handleOutcome} onRestart={restart} />;
      break;
  }
  return <Suspense fallback={<PageLoader />}>{content}</Suspense>;
}
