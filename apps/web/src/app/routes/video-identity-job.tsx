import { Navigate, useParams } from 'react-router';
import { VideoIdentityScreen } from '../../features/kyc/routes/video-identity-screen';
import { VerificationRefreshProvider } from './verification-refresh';

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `video-identity-job/{id}`: follows one video identity session until the provider decides. */
export default function VideoIdentityJobRoute() {
  const { jobId } = useParams();
  if (jobId === undefined || !JOB_ID.test(jobId)) return <Navigate to="/kyc" replace />;
  return (
    <VerificationRefreshProvider>
      <VideoIdentityScreen jobId={jobId} />
    </VerificationRefreshProvider>
  );
}
