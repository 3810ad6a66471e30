import { useParams } from 'react-router-dom';

/** The project id of the address (`/tracker/{id}/...`). */
export function useProjectId(): number {
  const { id = '' } = useParams();
  return Number(id);
}
