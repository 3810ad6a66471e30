import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import NotFoundPage from '../../layout/NotFoundPage';
import { PROJECT_VIEWS, type ProjectView } from './api';
import { ProjectsViewList } from './ProjectsViewList';

const isView = (name: string): name is ProjectView => (PROJECT_VIEWS as readonly string[]).includes(name);

/**
 * `/projects/filter/{name?}`: the list of the view named in the path (in-build, launching,
 * reviews, at-risk, mine), or every project without a name; by manager and by type are the list's
 * own filters, kept in the address. A name that is no view is the not-found page.
 */
export default function ProjectsFilterPage() {
  const { name = '' } = useParams();
  const { t } = useTranslation('projects');
  if (!name) return <ProjectsViewList view={null} title={t('views.all.title')} />;
  if (!isView(name)) return <NotFoundPage />;
  return <ProjectsViewList view={name} title={t(`views.${name}.title`)} />;
}

/** `/projects/in-build`, `/projects/launching`, `/projects/reviews`: the list of that view, with its own title. */
function ownPage(view: ProjectView) {
  return function ProjectsViewPage() {
    const { t } = useTranslation('projects');
    return <ProjectsViewList view={view} title={t(`views.${view}.title`)} />;
  };
}

export const ProjectsInBuildPage = ownPage('in-build');
export const ProjectsLaunchingPage = ownPage('launching');
export const ProjectsReviewsPage = ownPage('reviews');
