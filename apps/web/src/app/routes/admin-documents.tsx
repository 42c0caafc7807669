import { AdminDocumentsScreen } from '../../features/admin-review/routes/admin-documents-screen';

/** `admin/documents`: the administrators' document review queue. */
export default function AdminDocumentsRoute() {
  return <AdminDocumentsScreen />;
}
