import type { LocalePack } from '../../base/locale.js';
import type { FeedbackBoardStrings } from '../feedback-board.strings.js';

/** French. */
const fr: LocalePack<FeedbackBoardStrings> = (tag) => {
  const n = (value: number) => value.toLocaleString(tag);
  const votes = (count: number) => `${n(count)} vote${count < 2 ? '' : 's'}`;
  const posts = (count: number) => `${n(count)} idée${count < 2 ? '' : 's'}`;
  return {
    loading: 'Chargement des retours',
    errorTitle: 'Ce tableau n’a pas pu être chargé',
    errorMessage: (code) => (code ? `Une erreur s’est produite (${code}).` : 'Vérifiez votre connexion et réessayez.'),
    retry: 'Réessayer',
    formLabel: 'Nouvelle idée',
    titleLabel: 'Proposer une idée',
    titlePlaceholder: 'Un titre court et clair',
    bodyLabel: 'Détails (facultatif)',
    submit: 'Publier l’idée',
    submitting: 'Publication…',
    titleRequired: 'Ajoutez un titre.',
    titleTooLong: (max, length) => `Le titre est limité à ${n(max)} caractères (actuellement ${n(length)}).`,
    bodyTooLong: (max, length) => `Les détails sont limités à ${n(max)} caractères (actuellement ${n(length)}).`,
    createFailed: (code) => `Votre idée n’a pas pu être enregistrée${code ? ` (${code})` : ''}. Réessayez.`,
    similar: 'Idées similaires',
    searchLabel: 'Rechercher des idées',
    sortLabel: 'Trier par',
    sort: { top: 'Populaires', new: 'Récentes', trending: 'Tendances' },
    status: { open: 'Ouverte', under_review: 'En examen', planned: 'Prévue', in_progress: 'En cours', completed: 'Terminée', closed: 'Fermée' },
    empty: 'Aucune idée pour l’instant.',
    noResults: (q) => `Aucune idée ne correspond à «\u00a0${q}\u00a0».`,
    voteLabel: (title, count) => `Voter pour «\u00a0${title}\u00a0»${count === null ? '' : `, ${votes(count)}`}`,
    votes,
    anonymous: 'Anonyme',
    loadMore: 'Afficher plus',
    listFailed: 'Les idées n’ont pas pu être chargées.',
    announceResults: (count, more) => (count === 0 ? 'Aucune idée trouvée.' : `${posts(count)}${more ? '+' : ''} trouvée${count < 2 && !more ? '' : 's'}.`),
    announceMore: (count) => `${posts(count)} de plus chargée${count < 2 ? '' : 's'}.`,
    announceCreated: 'Votre idée a été ajoutée.',
    announceVoteFailure: 'Votre vote n’a pas pu être enregistré et a été annulé.',
    back: 'Toutes les publications',
    postNotFound: 'Cette publication n’existe pas ou a été supprimée.',
    postFailed: 'Cette publication n’a pas pu être chargée.',
    comments: (count) => `${n(count)} commentaire${count < 2 ? '' : 's'}`,
    noComments: 'Aucun commentaire pour l’instant.',
    commentsFailed: 'Les commentaires n’ont pas pu être chargés.',
    commentLabel: 'Ajouter un commentaire',
    replyLabel: (name) => `Répondre à ${name}`,
    editLabel: 'Modifier votre commentaire',
    commentSubmit: 'Commenter',
    reply: 'Répondre',
    edit: 'Modifier',
    save: 'Enregistrer',
    cancel: 'Annuler',
    delete: 'Supprimer',
    deleteConfirm: 'Supprimer ce commentaire ?',
    team: 'Équipe',
    edited: 'modifié',
    deletedComment: 'Ce commentaire a été supprimé.',
    commentRequired: 'Écrivez d’abord un commentaire.',
    commentTooLong: (max, length) => `Le commentaire est limité à ${n(max)} caractères (actuellement ${n(length)}).`,
    commentFailed: (code) =>
      code === 'edit_window_closed'
        ? 'Un commentaire ne peut être modifié que pendant 15 minutes.'
        : code === 'not_comment_author'
          ? 'Seul son auteur peut modifier ce commentaire.'
          : `Votre commentaire n’a pas pu être enregistré${code ? ` (${code})` : ''}. Réessayez.`,
    announceCommentAdded: 'Votre commentaire a été ajouté.',
    announceCommentSaved: 'Votre commentaire a été enregistré.',
    announceCommentDeleted: 'Le commentaire a été supprimé.',
    statusFilterLabel: 'Statut',
    categoryLabel: 'Catégorie',
    allCategories: 'Toutes les catégories',
    roadmapLabel: 'Feuille de route',
    columnEmpty: 'Rien ici pour l’instant.',
  };
};
export default fr;
