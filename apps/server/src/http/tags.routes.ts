import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalViewer } from './auth-context.js';
import { route } from './route.js';

const tags = ['búsqueda'];

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'tagSuggestions',
    {
      tags,
      summary: 'Etiquetas que empiezan por el texto (q, con o sin #), las más usadas primero',
      description: 'Solo etiquetas con publicaciones que cualquiera puede encontrar (listas, sin moderar y no solo para seguidores); hasta 8.',
      errors: [400],
    },
    async (request) => app.services.tags.suggest(request.query.q),
  );
  route(
    app,
    'tagPage',
    {
      tags,
      summary: 'Las publicaciones y quickys de una etiqueta (sort=recent|popular, cursor)',
      description:
        'La etiqueta se lee sin distinguir mayúsculas (#Playa es playa) y conserva los acentos (#año no es #ano). Las ' +
        'publicaciones que quien mira puede ver, como en todas las listas (las VIP aparecen bloqueadas); recent: las más ' +
        'nuevas; popular: las de más me gusta. count: las publicaciones que cualquiera puede encontrar con ella. Una ' +
        'etiqueta sin publicaciones da una página vacía; una que no cumple la regla, 400.',
      errors: [400],
    },
    async (request) => app.services.tags.page(request.params.tag, request.query, await optionalViewer(request)),
  );
};
