// Gerado por `npm run sdk:generate` a partir do documento OpenAPI do servidor: não edite à mão (docs/sdk.md).
export interface paths {
    "/v2/status-connectivity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Verificação de conexão (inclui o banco de dados) */
        get: operations["getStatusConnectivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Configuração pública usada pela interface (loja, caixa de saída local, relato de erros, mapa) */
        get: operations["getConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/client-errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Relato de erro visto no navegador (vai para o log do servidor) */
        post: operations["postClientErrors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Entrar com e-mail e senha; responde token, user e secure
         * @description Abre a sessão: o token na resposta (clientes da API: Authorization: Bearer) e nos cookies ar_sessao (HttpOnly) e ar_csrf (lido pela página, devolvido no cabeçalho X-CSRF-Token das chamadas que alteram algo), para todas as abas do navegador. 403 com LOCAL_LOGIN=false, ou quando o usuário entra somente por SSO.
         */
        post: operations["postLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Encerrar a sessão
         * @description Encerra a sessão e apaga seus cookies. Uma sessão aberta por SSO responde também endSessionUrl: o end_session_endpoint do provedor, para onde o navegador vai para sair do provedor também.
         */
        post: operations["postLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** O usuário da sessão */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios/password-recovery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pedir o e-mail de recuperação de senha */
        post: operations["postUsuariosPasswordRecovery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios/password-recovery/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validar o link de recuperação */
        get: operations["getUsuariosPasswordRecoveryByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios/reset/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Definir a nova senha pelo link (uso único) */
        post: operations["postUsuariosResetByToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios/{id}/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Trocar a própria senha (obrigatória quando secure é false); outro id responde 404 */
        put: operations["putUsuariosByIdPasswordReset"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/auth/oidc/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Entrar pelo provedor de identidade (SSO): redireciona ao provedor
         * @description Responde 303 para o authorization_endpoint do provedor (código de autorização com PKCE S256, state e nonce), guardando o estado da entrada no cookie ar_oidc (HttpOnly, 10 minutos). Nada é gravado no servidor.
         */
        get: operations["getAuthOidcLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/auth/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retorno do provedor de identidade (redirect_uri)
         * @description Troca o código (PKCE), confere state, nonce e o ID token, e abre a sessão do usuário ativo cujo login é o e-mail verificado (cookies ar_sessao e ar_csrf); responde 303 para /login?sso=ok, ou /login?sso=erro com o motivo em GET /auth/oidc/erro.
         */
        get: operations["getAuthOidcCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/auth/oidc/erro": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Por que a última entrada pelo provedor foi recusada (null: nenhuma recusa recente) */
        get: operations["getAuthOidcErro"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/modelos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Modelos do usuário (sem o corpo); pesquisa por ID, nome, status ou data; mod_enable=true para o seletor */
        get: operations["getModelos"];
        put?: never;
        /** Incluir modelo (HTML saneado; corpo até 12 MB, senão 413) */
        post: operations["postModelos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/modelos/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um modelo com o corpo HTML */
        get: operations["getModelosById"];
        /** Atualizar modelo (mod_enable habilita/desabilita) */
        put: operations["putModelosById"];
        post?: never;
        /** Remover modelo (409 quando já usado em um envio) */
        delete: operations["deleteModelosById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Destinatários do usuário (paginados; pesquisa por ID, nome ou e-mail) */
        get: operations["getLeads"];
        put?: never;
        /** Incluir destinatário */
        post: operations["postLeads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/leads/custom-fields": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Variáveis customizadas do usuário (usu_settings.customField) */
        get: operations["getLeadsCustomFields"];
        /** Salvar as variáveis customizadas (somente usu_settings.customField é alterado) */
        put: operations["putLeadsCustomFields"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/leads/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Importar destinatários (lista de objetos; todos válidos ou nenhum é gravado) */
        post: operations["postLeadsImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/leads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um destinatário */
        get: operations["getLeadsById"];
        /** Atualizar destinatário */
        put: operations["putLeadsById"];
        post?: never;
        /** Remover destinatário */
        delete: operations["deleteLeadsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Usuários ao alcance do usuário (tabela paginada, 10 por página, usu_codigo crescente) */
        get: operations["getUsuarios"];
        put?: never;
        /** Cadastrar um usuário (status A) e enviar o convite; empresa e entidade só do administrador */
        post: operations["postUsuarios"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um usuário (para o modal de edição) */
        get: operations["getUsuariosById"];
        /** Atualizar um usuário; usu_status B bloqueia, outro valor desbloqueia (usuario null se saiu do alcance) */
        put: operations["putUsuariosById"];
        post?: never;
        /** Remover um usuário (409 se tiver registros vinculados: bloqueie-o) */
        delete: operations["deleteUsuariosById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios/resend-invite/{usu_codigo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Reenviar o convite (usuário com status diferente de L) */
        put: operations["putUsuariosResendInviteByUsuCodigo"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios/check-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Se o e-mail já é o login de alguém (responde true ou false) */
        get: operations["getUsuariosCheckEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios/registration/{entityUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cadastro pelo link da entidade (Física, Jurídica ou Poder Judiciário); envia o convite de ativação */
        post: operations["postUsuariosRegistrationByEntityUuid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios/confirm-registration/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validar o convite: responde usu_nome e usu_codigo */
        get: operations["getUsuariosConfirmRegistrationByToken"];
        /** Confirmar o cadastro com nome e senha (uso único); o usuário passa a L */
        put: operations["putUsuariosConfirmRegistrationByToken"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Meus Dados do usuário da sessão */
        get: operations["getUsuariosSettings"];
        /** Salvar Meus Dados (nome e anexo obrigatório); responde o usuário da sessão atualizado */
        put: operations["putUsuariosSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/usuarios-settings/cascata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Régua de notificação padrão do usuário da sessão (usu_settings.cascata; null: nenhuma) */
        get: operations["getUsuariosSettingsCascata"];
        /** Salvar a régua de notificação padrão (CPC art. 246, personalizada ou null; somente usu_settings.cascata é alterado). POST /emails/send sem o campo cascata usa esta régua; com cascata null, nenhuma. */
        put: operations["putUsuariosSettingsCascata"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/entidades-tables": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Entidades ao alcance do usuário (tabela paginada, 25 por página, ent_codigo crescente) */
        get: operations["getEntidadesTables"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/entidades/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validar o link de cadastro de uma entidade (público: só o nome fantasia) */
        get: operations["getEntidadesByUuid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/entidade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Atualizar a entidade ent_codigo (nível 3); os usuários seguem o tipo de plano dela */
        put: operations["putEntidade"];
        /** Cadastrar uma entidade numa empresa do administrador (nível 3) */
        post: operations["postEntidade"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/empresas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Empresas ao alcance do usuário */
        get: operations["getEmpresas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/empresas/{id}/entidades": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Entidades de uma empresa ao alcance do usuário */
        get: operations["getEmpresasByIdEntidades"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/contato-instituicoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contatos (SAC e ouvidoria) das instituições oferecidas no Novo AR */
        get: operations["getContatoInstituicoes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/sender": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Remetentes do usuário (paginados, por nome; o seletor carrega 1000) */
        get: operations["getSender"];
        put?: never;
        /** Salvar remetente (sen_nome: letras, números e espaços, até 100); um nome já salvo é devolvido */
        post: operations["postSender"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/whitelist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whitelist do usuário (paginada; responde leads[] e pagination) */
        get: operations["getWhitelist"];
        put?: never;
        /** Incluir e-mail na whitelist (409 se já existir) */
        post: operations["postWhitelist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/whitelist/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Um registro da whitelist */
        get: operations["getWhitelistById"];
        /** Atualizar e-mail da whitelist */
        put: operations["putWhitelistById"];
        post?: never;
        /** Remover da whitelist */
        delete: operations["deleteWhitelistById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Backups agendados e a última auditoria de evidências (administrador, nível 3); as quebras em detalhe ficam no log e em npm run verify-evidence */
        get: operations["getBackups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/etiquetas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Etiquetas do usuário (paginadas; pesquisa por ID ou nome) */
        get: operations["getEtiquetas"];
        put?: never;
        /** Incluir etiqueta (eti_nome até 60, eti_cor #rrggbb; 409 se já houver uma de mesmo nome, sem diferença de maiúsculas e acentos) */
        post: operations["postEtiquetas"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/etiquetas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma etiqueta */
        get: operations["getEtiquetasById"];
        /** Atualizar etiqueta (409 se outra já tiver o mesmo nome) */
        put: operations["putEtiquetasById"];
        post?: never;
        /** Remover etiqueta */
        delete: operations["deleteEtiquetasById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/plano": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Créditos de um plano (codigo: usuário se tipo 1, entidade se tipo 2); sem parâmetros, o plano do usuário */
        get: operations["getPlano"];
        /** Adicionar (pla_total_credito > 0) ou remover (< 0) créditos de um plano pré-pago; nunca abaixo de zero */
        put: operations["putPlano"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/plano-usuario": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** O plano do usuário (próprio se pré-pago, da entidade se pós-pago), créditos e última aquisição */
        get: operations["getPlanoUsuario"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/plano-entidade-user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** O plano de que um usuário consome (usu_codigo; sem ele, o próprio), para o gerente */
        get: operations["getPlanoEntidadeUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/historico-plano/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Histórico de compras de créditos do plano (log_creditos), 10 por página, log_codigo DESC */
        get: operations["getHistoricoPlanoById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/planos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tabela de planos por usuário ou entidade (25 por página) */
        get: operations["getPlanos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/planos/{id}/movimentos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Movimentações de créditos do plano (compras, ajustes, envios, estornos), 10 por página, mais recentes primeiro */
        get: operations["getPlanosByIdMovimentos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/planos/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Ativar (pla_ativo 1) ou desativar (0) um plano */
        put: operations["putPlanosByIdStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mensagens enviadas (paginadas; busca em e-mails, telefones, assunto e identificação; filtros de status e etiquetas) */
        get: operations["listSentMessages"];
        put?: never;
        /** Enviar um AR-Email a até 10 destinatários (uma mensagem e um protocolo por destinatário) */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/send/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma mensagem enviada, com status por canal, linha do tempo, anexos e etiquetas */
        get: operations["getSentMessage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/status/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status atualizado de uma mensagem */
        get: operations["getMessageStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/send/{id}/etiquetas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Adicionar etiquetas a uma mensagem enviada */
        post: operations["postEmailsSendByIdEtiquetas"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/send/{id}/etiquetas/{tagId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remover uma etiqueta de uma mensagem enviada */
        delete: operations["deleteEmailsSendByIdEtiquetasByTagId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enviar anexos (multipart, campo repetido attachments); o tipo é verificado pelo conteúdo */
        post: operations["postEmailsAttachments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/email/attachments/{codEmail}/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Baixar um anexo de uma mensagem enviada, ou de uma recebida com ?path= (o pathS3 do anexo) */
        get: operations["getEmailAttachmentsByCodEmailByUuid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/check/blacklist/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Verifica um destinatário na lista de bloqueio (endereço ou domínio) e em recusas permanentes anteriores */
        get: operations["getEmailsCheckBlacklistByEmail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/check/valido": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Verifica a validade de uma lista de e-mails (sintaxe e domínio que recebe e-mails); emails repetido ou separado por vírgulas */
        get: operations["getEmailsCheckValido"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mensagens recebidas (respostas aos AR-Emails), 25 por página; busca por ID, remetente, assunto ou data dd/mm/aaaa */
        get: operations["getEmailsReceived"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/received/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma mensagem recebida (corpo higienizado e anexos); a primeira abertura a marca como lida com navegador e local informados */
        get: operations["getEmailsReceivedById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/tsa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** TSA embutida: responde a um TimeStampReq (RFC 3161, application/timestamp-query) com um TimeStampResp */
        post: operations["postTsa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/tsa/certificado.pem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Certificado da TSA embutida (autoassinado, não credenciado na ICP-Brasil), em PEM */
        get: operations["getTsaCertificadoPem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/validar-carimbo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Valida um carimbo do tempo (base64 do TimeStampToken) para um hash SHA-256 */
        post: operations["postEmailsValidarCarimbo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/validar-carimbo/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validação de um carimbo guardado, pelo token devolvido na validação (página do validador) */
        get: operations["getEmailsValidarCarimboByToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/assinatura/certificado.pem": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Certificado que assina os PDFs desta instalação e a cadeia acima dele, em PEM */
        get: operations["getAssinaturaCertificadoPem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/documentos/validar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Valida um PDF emitido por esta instalação (multipart, campo arquivo): assinatura PAdES sobre o arquivo (seguida só dos dados de validação), certificado, carimbo do tempo e registro do documento */
        post: operations["postDocumentosValidar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/info/public/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Detalhe público de uma mensagem (403 "not verify: pergunta" quando há pergunta de segurança sem resposta certa) */
        get: operations["getEmailsInfoPublicByUuid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/info/public/resposta/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Responde a pergunta de segurança de uma mensagem (a resposta no corpo, nunca no endereço)
         * @description Certa: 200 `{ message }` e `Set-Cookie: ar_resposta_{uuid}=…` (HttpOnly, SameSite=Strict, 30 minutos) para `/v2/emails/info/public` e `/v2/email/public`; as chamadas e os arquivos públicos da mensagem aceitam esse cookie no lugar de `verify`. Errada: 403 `{ message: "not verify: <pergunta>", pergunta, codeEmail, erro }`, contada; depois de 10 erros em 15 minutos, 429.
         */
        post: operations["postEmailsInfoPublicRespostaByUuid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/info/public/{uuid}/track-email/{x}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registra a abertura: pixel.gif (imagem do e-mail) ou a leitura pela página pública */
        get: operations["getEmailsInfoPublicByUuidTrackEmailByX"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/info/public/{uuid}/track-sms/{x}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registra a leitura do SMS: a página pública aberta pelo link da mensagem (?sms=1) */
        get: operations["getEmailsInfoPublicByUuidTrackSmsByX"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/info/public/{uuid}/track-whatsapp/{x}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registra a leitura do WhatsApp: a página pública aberta pelo link da mensagem (?whatsapp=1) */
        get: operations["getEmailsInfoPublicByUuidTrackWhatsappByX"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/info/public/{uuid}/track-accept-email/{x}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registra a confirmação de recebimento pelo destinatário */
        get: operations["getEmailsInfoPublicByUuidTrackAcceptEmailByX"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/info/public/track-conteudo-link-externo/{lnk}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Endereço de um link rastreado (só os que a mensagem continha); registra o clique */
        get: operations["getEmailsInfoPublicTrackConteudoLinkExternoByLnk"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/email/public/attachments/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Baixar um anexo como destinatário (com a resposta de segurança quando houver); registra o download */
        get: operations["getEmailPublicAttachmentsByUuid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/email/public/voz/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AR-Voz: o link da gravação da chamada (com a resposta de segurança quando houver) */
        get: operations["getEmailPublicVozByUuid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/email/public/voz/{uuid}/gravacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AR-Voz: baixar a gravação da chamada (WAV); registra o download */
        get: operations["getEmailPublicVozByUuidGravacao"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/sending-proof/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Comprovante de envio de uma mensagem do usuário, como dados (a página imprimível o exibe com o código QR) */
        get: operations["getEmailsSendingProofById"];
        /** Gerar o comprovante de envio em PDF (corpo: nome e e-mail do usuário atual); registra quem o gerou */
        put: operations["putEmailsSendingProofById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/emails/report/laudo/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Laudo pericial em PDF: hash do conteúdo, cada evento (Brasília e UTC, IP, user agent, local, resposta SMTP), carimbos do tempo, cadeia de hashes e como verificá-los com openssl */
        get: operations["getEmailsReportLaudoById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/remessas/encoding-remessa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Codificação do arquivo ('UTF-8', 'ISO-8859-1' ou outra), lida do conteúdo (data URL ou base64) */
        post: operations["postRemessasEncodingRemessa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/remessas/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Recebe um arquivo de remessa (contentBase64: data URL do CSV; fileName). 409 com `duplicada` quando o mesmo arquivo foi enviado nas últimas 24 h: repita com confirmarDuplicada: true para enviá-lo de novo */
        post: operations["postRemessasUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/remessas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Remessas do usuário: tipo=sucesso (processadas) ou falha (ERRO/FALHA), paginadas, pesquisa por código ou nome do arquivo */
        get: operations["getRemessas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/remessas/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contagem das duas abas */
        get: operations["getRemessasStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/remessas/retorno/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prévia do retorno ({nome}_previa.csv); corpo vazio enquanto não está pronta */
        get: operations["getRemessasRetornoById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/remessas/retorno-full": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prévias de várias remessas em um arquivo (ids=1,2,3), uma coluna REMESSA à frente; corpo vazio quando nenhuma está pronta */
        get: operations["getRemessasRetornoFull"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/remessas/relatorio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Relatório de remessas do período (format=csv, dataInicial e dataFinal AAAA-MM-DD, horário de Brasília); sem remessa no período, só a linha de cabeçalho, com X-Total-Registros: 0 */
        get: operations["getRemessasRelatorio"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Relatório de notificações enviadas do período (xlsx ou csv): uma linha por mensagem e canal; "enviados-entidade" (níveis 2 e 3) acrescenta usuário, entidade e um resumo por entidade. Sem mensagens: 404 "Ausência de Dados!". Query: nameReport, format, dataInicial, dataFinal (aaaa-mm-dd, horário de Brasília), tipo */
        get: operations["getReports"];
        put?: never;
        /** Relatório de notificações enviadas do período (xlsx ou csv): uma linha por mensagem e canal; "enviados-entidade" (níveis 2 e 3) acrescenta usuário, entidade e um resumo por entidade. Sem mensagens: 404 "Ausência de Dados!". Corpo: { nameReport, format, tipo, parameters: { dataInicial, dataFinal } } */
        post: operations["postReports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/reports/proofs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Comprovantes gerados pelo usuário, 10 por página, do mais novo ao mais antigo (comp_codigo DESC) */
        get: operations["getReportsProofs"];
        put?: never;
        /** Gerar comprovantes de um período (até 31 dias) e filtro (canais, status 1 a 16): um PDF com capa e sumário até 500 mensagens, um ZIP de PDFs com manifesto acima disso; gerado em segundo plano ("Em processamento...") */
        post: operations["postReportsProofs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/reports/proofs/single/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Comprovante de envio (PDF) de uma mensagem do usuário pelo seu uuid; registra quem o gerou */
        get: operations["getReportsProofsSingleByUuid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/reports/proofs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Arquivo de um comprovante pela referência (comp_cod_referencia): PDF ou ZIP. Em processamento ou com falha: 409; expirado: 410 */
        get: operations["getReportsProofsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notificacoes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notificações não lidas do usuário (as 100 mais recentes), de um setor (setor=1: comprovantes) ou de todos, e os totais por setor */
        get: operations["getNotificacoes"];
        put?: never;
        post?: never;
        /** Limpar as notificações não lidas do usuário, de um setor (setor=1: comprovantes) ou de todos */
        delete: operations["deleteNotificacoes"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notificacoes/total": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Totais de notificações não lidas por setor (o mesmo que o evento totalAlertas do socket) */
        get: operations["getNotificacoesTotal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/notificacoes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Limpar uma notificação do usuário */
        delete: operations["deleteNotificacoesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/dashboard/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Totais do período: recebidos, enviados, entregues, lidos (por pessoas) e envios com etiqueta */
        post: operations["postDashboardResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/dashboard/receivedSent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Recebidos e enviados por dia (dias de Brasília, um valor por dia do período) */
        post: operations["postDashboardReceivedSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/dashboard/sentDelivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Enviados e entregues por dia */
        post: operations["postDashboardSentDelivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/dashboard/deliveredOpen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Entregues e lidos (por pessoas) por dia */
        post: operations["postDashboardDeliveredOpen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/dashboard/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Envios por canal e dia (e-mail, SMS, WhatsApp, voz, carta) */
        post: operations["postDashboardChannels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/dashboard/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Envios por etiqueta no período */
        post: operations["postDashboardTags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/transporte-dados": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Transportes dos dados do usuário (mapeamentos salvos da página Gerar Remessas), mais recentes primeiro */
        get: operations["getTransporteDados"];
        put?: never;
        /** Salvar transporte dos dados (rem_trans_nome, rem_trans_campos) */
        post: operations["postTransporteDados"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/transporte-dados/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Atualizar transporte dos dados */
        put: operations["putTransporteDadosById"];
        post?: never;
        /** Remover transporte dos dados */
        delete: operations["deleteTransporteDadosById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/canais/respostas-nao-identificadas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Respostas por SMS/WhatsApp sem referência que não foram atribuídas a nenhuma mensagem (administrador; sem o texto) */
        get: operations["getCanaisRespostasNaoIdentificadas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/canais/respostas-nao-identificadas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Uma resposta sem referência não atribuída, com as mensagens do próprio cliente a que pode se referir (sem o texto) */
        get: operations["getCanaisRespostasNaoIdentificadasById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/email/public/carta/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AR-Carta: o link da carta (PDF, com o SHA-256), o código de rastreamento e, entregue, o link do AR digital */
        get: operations["getEmailPublicCartaByUuid"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/email/public/carta/{uuid}/{arquivo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** AR-Carta: baixar a carta como impressa (carta) ou o AR digital (ar); registra o download */
        get: operations["getEmailPublicCartaByUuidByArquivo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/integracoes/chaves": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Chaves de API do usuário (nome, prefixo, criação, último uso, expiração; nunca o token) */
        get: operations["getIntegracoesChaves"];
        put?: never;
        /**
         * Criar uma chave de API (o token ark_… aparece só nesta resposta; guarde-o)
         * @description A chave age exatamente como o seu usuário (nível, cliente, créditos): envie `Authorization: Bearer ark_…` em qualquer rota /v2. Só o hash SHA-256 do token é guardado.
         */
        post: operations["postIntegracoesChaves"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/integracoes/chaves/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revogar uma chave de API (vale na hora, em todos os processos) */
        delete: operations["deleteIntegracoesChavesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/integracoes/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Endpoints de webhook do usuário */
        get: operations["getIntegracoesWebhooks"];
        put?: never;
        /**
         * Cadastrar um endpoint de webhook (Standard Webhooks; o segredo whsec_… aparece só nesta resposta)
         * @description 422 quando a URL resolve para um endereço de loopback, rede privada, link-local ou de metadados. Eventos: mensagem.status (o padrão).
         */
        post: operations["postIntegracoesWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/integracoes/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remover um endpoint de webhook (e o seu registro de entregas) */
        delete: operations["deleteIntegracoesWebhooksById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/integracoes/webhooks/{id}/entregas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registro de entregas de um endpoint: cada tentativa com hora, status HTTP, duração e a próxima tentativa */
        get: operations["getIntegracoesWebhooksByIdEntregas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/integracoes/webhooks/{id}/entregas/{entregaId}/reenviar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reenviar uma entrega (mesmo webhook-id, desde a primeira tentativa do calendário) */
        post: operations["postIntegracoesWebhooksByIdEntregasByEntregaIdReenviar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/auth/oidc/backchannel-logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Back-channel logout do provedor de identidade: encerra as sessões da sessão do provedor
         * @description OpenID Connect Back-Channel Logout 1.0: o logout_token (formulário) é conferido (assinatura pelas chaves do provedor, iss, aud, iat, exp, evento de logout, sid ou sub, sem nonce, jti de uso único); todas as sessões abertas por aquela sessão do provedor terminam, com seus sockets. 200 sem corpo; 400 { error: "invalid_request" } quando o token é recusado; 503 quando o provedor não responde (as chaves não puderam ser lidas).
         */
        post: operations["postAuthOidcBackchannelLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/loja/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Webhook de pedidos da loja (WooCommerce): X-WC-Webhook-Signature = base64(HMAC-SHA256(corpo, segredo)) */
        post: operations["postLojaWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/twilio/sms/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio: status de um AR-SMS (StatusCallback; X-Twilio-Signature sobre PUBLIC_URL + caminho e os parâmetros) */
        post: operations["postWebhooksTwilioSmsByUuid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/twilio/sms-inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio: SMS recebido no número do produto ('A message comes in'), resposta a um AR-SMS */
        post: operations["postWebhooksTwilioSmsInbound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/letter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** AR-Carta: rastreamento de cartas do provedor (X-Letter-Signature: HMAC-SHA256 do corpo; docs/letter-provider.openapi.yaml) */
        post: operations["postWebhooksLetter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/whatsapp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Verificação do webhook do WhatsApp (Meta): hub.mode=subscribe e hub.verify_token → hub.challenge em texto */
        get: operations["getWebhooksWhatsapp"];
        put?: never;
        /** Webhook do WhatsApp (Meta): status e respostas; X-Hub-Signature-256 = sha256=HMAC-SHA256(corpo, app secret) */
        post: operations["postWebhooksWhatsapp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/zenvia/{channel}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Webhook da Zenvia (MESSAGE_STATUS e MESSAGE) por canal, sms ou whatsapp; exige o cabeçalho X-AR-Webhook-Secret */
        post: operations["postWebhooksZenviaByChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/twilio/voz/{uuid}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio: andamento de uma chamada do AR-Voz (StatusCallback; X-Twilio-Signature) */
        post: operations["postWebhooksTwilioVozByUuidStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/twilio/voz/{uuid}/gravacao": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio: gravação de uma chamada do AR-Voz pronta (RecordingStatusCallback; X-Twilio-Signature) */
        post: operations["postWebhooksTwilioVozByUuidGravacao"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/twilio/voz/{uuid}/tecla": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Twilio: tecla pressionada no aviso do AR-Voz (ação do Gather; X-Twilio-Signature); responde TwiML */
        post: operations["postWebhooksTwilioVozByUuidTecla"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "mensagem.status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mudança de status de um canal de uma mensagem (Standard Webhooks)
         * @description Assinado como manda a especificação Standard Webhooks: verifique com a biblioteca standardwebhooks e o segredo whsec_… do endpoint. Respostas fora de 2xx, ou sem resposta em 10 s, são tentadas de novo após 5 s, 5 min, 30 min, 2 h, 5 h, 10 h e 10 h, com o mesmo webhook-id.
         */
        post: operations["mensagemStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Falha: a mensagem em português, pronta para mostrar. Algumas respostas trazem campos a mais (por exemplo, os itens recusados de uma lista). */
        Erro: {
            /** @description O motivo, em português. */
            message: string;
            /** @description O id da requisição no log do servidor (falhas inesperadas, 500). */
            requestId?: string;
        } & {
            [key: string]: unknown;
        };
    };
    responses: {
        /** @description Dados inválidos (corpo, consulta ou parâmetro fora do contrato). */
        Invalido: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Erro"];
            };
        };
        /** @description Sessão expirada ou ausente, ou chave de API revogada, expirada ou desconhecida. */
        NaoAutenticado: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Erro"];
            };
        };
        /** @description O usuário não pode fazer isto (nível, senha a trocar, recurso desativado). */
        Proibido: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Erro"];
            };
        };
        /** @description Não encontrado (inclusive registros de outro cliente, que não são revelados). */
        NaoEncontrado: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Erro"];
            };
        };
        /** @description Falha inesperada do servidor (registrada com o requestId) ou componente indisponível (503). */
        ErroInterno: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Erro"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getStatusConnectivity: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                        time: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        storeUrl: string;
                        mailbox: boolean;
                        productName: string;
                        supportEmail: string;
                        channels: {
                            sms: boolean;
                            whatsapp: boolean;
                            voz: boolean;
                            carta: boolean;
                        };
                        signIn: {
                            password: boolean;
                            sso: {
                                label: string;
                            } | null;
                        };
                        errorReporting: {
                            dsn: string;
                            environment: string;
                            release: string;
                        } | null;
                        map: {
                            tilesUrl: string | null;
                            attribution: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postClientErrors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message: string;
                    requestId?: string;
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        user: {
                            usu_codigo: number;
                            usu_nome: string;
                            usu_login: string;
                            usu_nivel: 1 | 2 | 3;
                            /** @enum {string} */
                            usu_status: "A" | "L" | "B";
                            /** @enum {string} */
                            usu_tipo_plano: "1" | "2";
                            /** @enum {string} */
                            usu_anexo_obrigatorio: "S" | "N";
                            usu_notificacao_status: boolean;
                            usu_integracao: boolean;
                            usu_wooc_id: number | null;
                            usu_data_criacao: string;
                            usu_pessoa_tipo: (1 | 2 | 3) | null;
                            usu_accounts_aremail: {
                                accounts: {
                                    name: string;
                                    email: string;
                                    main: boolean;
                                }[];
                            } | null;
                            usu_aceita_ar_voz: boolean;
                            usu_aceita_ar_whatsapp: boolean;
                            usu_validacao_notificacao: boolean;
                            usu_visualizar_geolocalizacao: boolean;
                            usu_limite_anexo: number | null;
                            set_envia_email_obrigatorio: boolean;
                            cod_ger_adm: number | null;
                            cod_ger_empresa: number | null;
                            cod_ger_entidade: number | null;
                            ent_nome_fantasia: string | null;
                            aceita_remessa: boolean;
                        };
                        secure: boolean;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        endSessionUrl?: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usu_codigo: number;
                        usu_nome: string;
                        usu_login: string;
                        usu_nivel: 1 | 2 | 3;
                        /** @enum {string} */
                        usu_status: "A" | "L" | "B";
                        /** @enum {string} */
                        usu_tipo_plano: "1" | "2";
                        /** @enum {string} */
                        usu_anexo_obrigatorio: "S" | "N";
                        usu_notificacao_status: boolean;
                        usu_integracao: boolean;
                        usu_wooc_id: number | null;
                        usu_data_criacao: string;
                        usu_pessoa_tipo: (1 | 2 | 3) | null;
                        usu_accounts_aremail: {
                            accounts: {
                                name: string;
                                email: string;
                                main: boolean;
                            }[];
                        } | null;
                        usu_aceita_ar_voz: boolean;
                        usu_aceita_ar_whatsapp: boolean;
                        usu_validacao_notificacao: boolean;
                        usu_visualizar_geolocalizacao: boolean;
                        usu_limite_anexo: number | null;
                        set_envia_email_obrigatorio: boolean;
                        cod_ger_adm: number | null;
                        cod_ger_empresa: number | null;
                        cod_ger_entidade: number | null;
                        ent_nome_fantasia: string | null;
                        aceita_remessa: boolean;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postUsuariosPasswordRecovery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    emailUserRecovery: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getUsuariosPasswordRecoveryByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        valid: boolean;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postUsuariosResetByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putUsuariosByIdPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    newPassword: string;
                    confirmPassword?: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getAuthOidcLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getAuthOidcCallback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                error?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getAuthOidcErro: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getModelos: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "mod_codigo" | "mod_name" | "mod_enable" | "mod_data_criacao";
                order?: string;
                searchTerm?: string;
                mod_enable?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        modelos: {
                            mod_codigo: number;
                            mod_name: string;
                            mod_subject: string;
                            mod_enable: boolean;
                            mod_data_criacao: string;
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postModelos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mod_name: string;
                    mod_subject: string;
                    /** @default  */
                    mod_content?: string;
                    mod_enable?: boolean;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        modelo: {
                            mod_codigo: number;
                            mod_name: string;
                            mod_subject: string;
                            mod_enable: boolean;
                            mod_data_criacao: string;
                            mod_content: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getModelosById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mod_codigo: number;
                        mod_name: string;
                        mod_subject: string;
                        mod_enable: boolean;
                        mod_data_criacao: string;
                        mod_content: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putModelosById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mod_name: string;
                    mod_subject: string;
                    /** @default  */
                    mod_content?: string;
                    mod_enable?: boolean;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        modelo: {
                            mod_codigo: number;
                            mod_name: string;
                            mod_subject: string;
                            mod_enable: boolean;
                            mod_data_criacao: string;
                            mod_content: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    deleteModelosById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getLeads: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "lea_codigo" | "lea_nome" | "lea_email";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        leads: {
                            lea_codigo: number;
                            lea_nome: string;
                            lea_email: string;
                            lea_sobrenome: string | null;
                            lea_cpf: string | null;
                            lea_telefone: string | null;
                            lea_celular: string | null;
                            lea_endereco: string | null;
                            lea_cidade: string | null;
                            lea_estado: ("AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO") | null;
                            lea_cep: string | null;
                            lea_nascimento: string | null;
                            lea_profissao: string | null;
                            lea_estado_civil: ("Casado(a)" | "Solteiro(a)" | "Divorciado(a)" | "Viúvo(a)") | null;
                            lea_cnpj: string | null;
                            lea_fantasia: string | null;
                            lea_razao_social: string | null;
                            lea_inscricao_estadual: string | null;
                            lea_sexo: ("Masculino" | "Feminino" | "Outros") | null;
                            lea_custom_field: {
                                data: {
                                    id: string;
                                    value: string;
                                    description: string;
                                    href: string;
                                }[];
                            };
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postLeads: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    lea_nome: string;
                    lea_email: string;
                    lea_sobrenome?: string | null;
                    lea_cpf?: string | null;
                    lea_telefone?: string | null;
                    lea_celular?: string | null;
                    lea_endereco?: string | null;
                    lea_cidade?: string | null;
                    lea_estado?: ("AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO") | null;
                    lea_cep?: string | null;
                    lea_nascimento?: string | null;
                    lea_profissao?: string | null;
                    lea_estado_civil?: ("Casado(a)" | "Solteiro(a)" | "Divorciado(a)" | "Viúvo(a)") | null;
                    lea_cnpj?: string | null;
                    lea_fantasia?: string | null;
                    lea_razao_social?: string | null;
                    lea_inscricao_estadual?: string | null;
                    lea_sexo?: ("Masculino" | "Feminino" | "Outros") | null;
                    lea_custom_field?: {
                        data: {
                            id: string;
                            value: string;
                            description: string;
                            href: string;
                        }[];
                    } | null;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        lead: {
                            lea_codigo: number;
                            lea_nome: string;
                            lea_email: string;
                            lea_sobrenome: string | null;
                            lea_cpf: string | null;
                            lea_telefone: string | null;
                            lea_celular: string | null;
                            lea_endereco: string | null;
                            lea_cidade: string | null;
                            lea_estado: ("AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO") | null;
                            lea_cep: string | null;
                            lea_nascimento: string | null;
                            lea_profissao: string | null;
                            lea_estado_civil: ("Casado(a)" | "Solteiro(a)" | "Divorciado(a)" | "Viúvo(a)") | null;
                            lea_cnpj: string | null;
                            lea_fantasia: string | null;
                            lea_razao_social: string | null;
                            lea_inscricao_estadual: string | null;
                            lea_sexo: ("Masculino" | "Feminino" | "Outros") | null;
                            lea_custom_field: {
                                data: {
                                    id: string;
                                    value: string;
                                    description: string;
                                    href: string;
                                }[];
                            };
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getLeadsCustomFields: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customField: {
                            data: {
                                id: string;
                                description: string;
                                value: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putLeadsCustomFields: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customField: {
                        data: {
                            id: string;
                            description: string;
                            value: string;
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customField: {
                            data: {
                                id: string;
                                description: string;
                                value: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postLeadsImport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    lea_nome: string;
                    lea_email: string;
                    lea_sobrenome?: string | null;
                    lea_cpf?: string | null;
                    lea_telefone?: string | null;
                    lea_celular?: string | null;
                    lea_endereco?: string | null;
                    lea_cidade?: string | null;
                    lea_estado?: ("AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO") | null;
                    lea_cep?: string | null;
                    lea_nascimento?: string | null;
                    lea_profissao?: string | null;
                    lea_estado_civil?: ("Casado(a)" | "Solteiro(a)" | "Divorciado(a)" | "Viúvo(a)") | null;
                    lea_cnpj?: string | null;
                    lea_fantasia?: string | null;
                    lea_razao_social?: string | null;
                    lea_inscricao_estadual?: string | null;
                    lea_sexo?: ("Masculino" | "Feminino" | "Outros") | null;
                    lea_custom_field?: {
                        data: {
                            id: string;
                            value: string;
                            description: string;
                            href: string;
                        }[];
                    } | null;
                }[];
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        count: number;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getLeadsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        lea_codigo: number;
                        lea_nome: string;
                        lea_email: string;
                        lea_sobrenome: string | null;
                        lea_cpf: string | null;
                        lea_telefone: string | null;
                        lea_celular: string | null;
                        lea_endereco: string | null;
                        lea_cidade: string | null;
                        lea_estado: ("AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO") | null;
                        lea_cep: string | null;
                        lea_nascimento: string | null;
                        lea_profissao: string | null;
                        lea_estado_civil: ("Casado(a)" | "Solteiro(a)" | "Divorciado(a)" | "Viúvo(a)") | null;
                        lea_cnpj: string | null;
                        lea_fantasia: string | null;
                        lea_razao_social: string | null;
                        lea_inscricao_estadual: string | null;
                        lea_sexo: ("Masculino" | "Feminino" | "Outros") | null;
                        lea_custom_field: {
                            data: {
                                id: string;
                                value: string;
                                description: string;
                                href: string;
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putLeadsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    lea_nome: string;
                    lea_email: string;
                    lea_sobrenome?: string | null;
                    lea_cpf?: string | null;
                    lea_telefone?: string | null;
                    lea_celular?: string | null;
                    lea_endereco?: string | null;
                    lea_cidade?: string | null;
                    lea_estado?: ("AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO") | null;
                    lea_cep?: string | null;
                    lea_nascimento?: string | null;
                    lea_profissao?: string | null;
                    lea_estado_civil?: ("Casado(a)" | "Solteiro(a)" | "Divorciado(a)" | "Viúvo(a)") | null;
                    lea_cnpj?: string | null;
                    lea_fantasia?: string | null;
                    lea_razao_social?: string | null;
                    lea_inscricao_estadual?: string | null;
                    lea_sexo?: ("Masculino" | "Feminino" | "Outros") | null;
                    lea_custom_field?: {
                        data: {
                            id: string;
                            value: string;
                            description: string;
                            href: string;
                        }[];
                    } | null;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        lead: {
                            lea_codigo: number;
                            lea_nome: string;
                            lea_email: string;
                            lea_sobrenome: string | null;
                            lea_cpf: string | null;
                            lea_telefone: string | null;
                            lea_celular: string | null;
                            lea_endereco: string | null;
                            lea_cidade: string | null;
                            lea_estado: ("AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO") | null;
                            lea_cep: string | null;
                            lea_nascimento: string | null;
                            lea_profissao: string | null;
                            lea_estado_civil: ("Casado(a)" | "Solteiro(a)" | "Divorciado(a)" | "Viúvo(a)") | null;
                            lea_cnpj: string | null;
                            lea_fantasia: string | null;
                            lea_razao_social: string | null;
                            lea_inscricao_estadual: string | null;
                            lea_sexo: ("Masculino" | "Feminino" | "Outros") | null;
                            lea_custom_field: {
                                data: {
                                    id: string;
                                    value: string;
                                    description: string;
                                    href: string;
                                }[];
                            };
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    deleteLeadsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getUsuarios: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "usu_codigo" | "usu_nome" | "usu_login" | "usu_status" | "usu_data_criacao";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usuarios: {
                            usu_codigo: number;
                            usu_nome: string;
                            usu_login: string;
                            usu_nivel: 1 | 2 | 3;
                            /** @enum {string} */
                            usu_status: "A" | "L" | "B";
                            usu_data_criacao: string;
                            ent_nome_fantasia: string | null;
                            usu_ultimo_acesso: string | null;
                            usu_ultimo_acesso_via: ("senha" | "sso") | null;
                            usu_ultimo_acesso_provedor: string | null;
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postUsuarios: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    usu_nome: string;
                    usu_login: string;
                    /** @enum {string} */
                    usu_anexo_obrigatorio: "S" | "N";
                    usu_nivel: number;
                    usu_accounts_aremail?: {
                        accounts: {
                            /** @default  */
                            name?: string;
                            email: string;
                            /** @default false */
                            main?: boolean;
                        }[];
                    } | null;
                    cod_ger_empresa?: number;
                    cod_ger_entidade?: number;
                    /** @enum {string} */
                    usu_status?: "A" | "L" | "B";
                    usu_sso_obrigatorio?: boolean;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        usuario: {
                            usu_codigo: number;
                            usu_nome: string;
                            usu_login: string;
                            usu_nivel: 1 | 2 | 3;
                            /** @enum {string} */
                            usu_status: "A" | "L" | "B";
                            usu_data_criacao: string;
                            ent_nome_fantasia: string | null;
                            usu_ultimo_acesso: string | null;
                            usu_ultimo_acesso_via: ("senha" | "sso") | null;
                            usu_ultimo_acesso_provedor: string | null;
                            /** @enum {string} */
                            usu_anexo_obrigatorio: "S" | "N";
                            usu_notificacao_status: boolean;
                            /** @enum {string} */
                            usu_tipo_plano: "1" | "2";
                            usu_integracao: boolean;
                            usu_wooc_id: number | null;
                            usu_pessoa_tipo: (1 | 2 | 3) | null;
                            usu_pessoa_data: {
                                [key: string]: string | number | boolean | null;
                            } | null;
                            usu_accounts_aremail: {
                                accounts: {
                                    name: string;
                                    email: string;
                                    main: boolean;
                                }[];
                            } | null;
                            aceita_remessa: boolean;
                            cod_ger_adm: number | null;
                            cod_ger_empresa: number | null;
                            cod_ger_entidade: number | null;
                            emp_nome_fantasia: string | null;
                            usu_sso_obrigatorio: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getUsuariosById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usu_codigo: number;
                        usu_nome: string;
                        usu_login: string;
                        usu_nivel: 1 | 2 | 3;
                        /** @enum {string} */
                        usu_status: "A" | "L" | "B";
                        usu_data_criacao: string;
                        ent_nome_fantasia: string | null;
                        usu_ultimo_acesso: string | null;
                        usu_ultimo_acesso_via: ("senha" | "sso") | null;
                        usu_ultimo_acesso_provedor: string | null;
                        /** @enum {string} */
                        usu_anexo_obrigatorio: "S" | "N";
                        usu_notificacao_status: boolean;
                        /** @enum {string} */
                        usu_tipo_plano: "1" | "2";
                        usu_integracao: boolean;
                        usu_wooc_id: number | null;
                        usu_pessoa_tipo: (1 | 2 | 3) | null;
                        usu_pessoa_data: {
                            [key: string]: string | number | boolean | null;
                        } | null;
                        usu_accounts_aremail: {
                            accounts: {
                                name: string;
                                email: string;
                                main: boolean;
                            }[];
                        } | null;
                        aceita_remessa: boolean;
                        cod_ger_adm: number | null;
                        cod_ger_empresa: number | null;
                        cod_ger_entidade: number | null;
                        emp_nome_fantasia: string | null;
                        usu_sso_obrigatorio: boolean;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putUsuariosById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    usu_nome: string;
                    usu_login: string;
                    /** @enum {string} */
                    usu_anexo_obrigatorio: "S" | "N";
                    usu_nivel: number;
                    usu_accounts_aremail?: {
                        accounts: {
                            /** @default  */
                            name?: string;
                            email: string;
                            /** @default false */
                            main?: boolean;
                        }[];
                    } | null;
                    cod_ger_empresa?: number;
                    cod_ger_entidade?: number;
                    /** @enum {string} */
                    usu_status?: "A" | "L" | "B";
                    usu_sso_obrigatorio?: boolean;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        usuario: {
                            usu_codigo: number;
                            usu_nome: string;
                            usu_login: string;
                            usu_nivel: 1 | 2 | 3;
                            /** @enum {string} */
                            usu_status: "A" | "L" | "B";
                            usu_data_criacao: string;
                            ent_nome_fantasia: string | null;
                            usu_ultimo_acesso: string | null;
                            usu_ultimo_acesso_via: ("senha" | "sso") | null;
                            usu_ultimo_acesso_provedor: string | null;
                            /** @enum {string} */
                            usu_anexo_obrigatorio: "S" | "N";
                            usu_notificacao_status: boolean;
                            /** @enum {string} */
                            usu_tipo_plano: "1" | "2";
                            usu_integracao: boolean;
                            usu_wooc_id: number | null;
                            usu_pessoa_tipo: (1 | 2 | 3) | null;
                            usu_pessoa_data: {
                                [key: string]: string | number | boolean | null;
                            } | null;
                            usu_accounts_aremail: {
                                accounts: {
                                    name: string;
                                    email: string;
                                    main: boolean;
                                }[];
                            } | null;
                            aceita_remessa: boolean;
                            cod_ger_adm: number | null;
                            cod_ger_empresa: number | null;
                            cod_ger_entidade: number | null;
                            emp_nome_fantasia: string | null;
                            usu_sso_obrigatorio: boolean;
                        } | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    deleteUsuariosById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putUsuariosResendInviteByUsuCodigo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                usu_codigo: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getUsuariosCheckEmail: {
        parameters: {
            query: {
                email: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": boolean;
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postUsuariosRegistrationByEntityUuid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                entityUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    usu_pessoa_tipo: 1;
                    usu_nome: string;
                    usu_login: string;
                    usu_pessoa_data: {
                        cpf: string;
                        dataNascimento: string;
                        /** @enum {string} */
                        sexo?: "M" | "F";
                        endereco?: string;
                        telefone?: string;
                    };
                } | {
                    /** @constant */
                    usu_pessoa_tipo: 2;
                    usu_nome: string;
                    usu_login: string;
                    usu_pessoa_data: {
                        nomeFantasia?: string;
                        cnpj: string;
                        ie: string;
                        endereco: string;
                        telefone: string;
                        contato: string;
                    };
                } | {
                    /** @constant */
                    usu_pessoa_tipo: 3;
                    usu_nome: string;
                    usu_login: string;
                    usu_pessoa_data: {
                        vara: string;
                        cnpj?: string;
                        endereco?: string;
                        telefone: string;
                    };
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getUsuariosConfirmRegistrationByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usu_codigo: number;
                        usu_nome: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putUsuariosConfirmRegistrationByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    usu_codigo: number;
                    usu_nome: string;
                    newPassword: string;
                    confirmPassword: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getUsuariosSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        usu_codigo: number;
                        usu_nome: string;
                        usu_login: string;
                        /** @enum {string} */
                        usu_anexo_obrigatorio: "S" | "N";
                        usu_integracao: boolean;
                        usu_wooc_id: number | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putUsuariosSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    usu_nome: string;
                    /** @enum {string} */
                    usu_anexo_obrigatorio: "S" | "N";
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        user: {
                            usu_codigo: number;
                            usu_nome: string;
                            usu_login: string;
                            usu_nivel: 1 | 2 | 3;
                            /** @enum {string} */
                            usu_status: "A" | "L" | "B";
                            /** @enum {string} */
                            usu_tipo_plano: "1" | "2";
                            /** @enum {string} */
                            usu_anexo_obrigatorio: "S" | "N";
                            usu_notificacao_status: boolean;
                            usu_integracao: boolean;
                            usu_wooc_id: number | null;
                            usu_data_criacao: string;
                            usu_pessoa_tipo: (1 | 2 | 3) | null;
                            usu_accounts_aremail: {
                                accounts: {
                                    name: string;
                                    email: string;
                                    main: boolean;
                                }[];
                            } | null;
                            usu_aceita_ar_voz: boolean;
                            usu_aceita_ar_whatsapp: boolean;
                            usu_validacao_notificacao: boolean;
                            usu_visualizar_geolocalizacao: boolean;
                            usu_limite_anexo: number | null;
                            set_envia_email_obrigatorio: boolean;
                            cod_ger_adm: number | null;
                            cod_ger_empresa: number | null;
                            cod_ger_entidade: number | null;
                            ent_nome_fantasia: string | null;
                            aceita_remessa: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getUsuariosSettingsCascata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cascata: {
                            /** @enum {string} */
                            modelo: "cpc246" | "personalizada";
                            etapas: {
                                /** @enum {string} */
                                canal: "email" | "whatsapp" | "sms" | "voz" | "carta";
                                condicao: {
                                    /** @enum {string} */
                                    tipo: "junto" | "nao_entregue" | "nao_lido" | "nao_confirmado" | "falhou";
                                    prazo: number | null;
                                    unidade: ("minutos" | "horas" | "dias_uteis") | null;
                                } | null;
                            }[];
                        } | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putUsuariosSettingsCascata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cascata?: {
                        /** @enum {string} */
                        modelo: "cpc246" | "personalizada";
                        /** @default [] */
                        etapas?: {
                            /** @enum {string} */
                            canal: "email" | "whatsapp" | "sms" | "voz" | "carta";
                            condicao?: {
                                /** @enum {string} */
                                tipo: "junto" | "nao_entregue" | "nao_lido" | "nao_confirmado" | "falhou";
                                prazo?: number | null;
                                unidade?: ("minutos" | "horas" | "dias_uteis") | null;
                            } | null;
                        }[];
                    } | null;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        cascata: {
                            /** @enum {string} */
                            modelo: "cpc246" | "personalizada";
                            etapas: {
                                /** @enum {string} */
                                canal: "email" | "whatsapp" | "sms" | "voz" | "carta";
                                condicao: {
                                    /** @enum {string} */
                                    tipo: "junto" | "nao_entregue" | "nao_lido" | "nao_confirmado" | "falhou";
                                    prazo: number | null;
                                    unidade: ("minutos" | "horas" | "dias_uteis") | null;
                                } | null;
                            }[];
                        } | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEntidadesTables: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "ent_codigo" | "ent_nome_fantasia" | "ent_descricao" | "ent_cnpj";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entidades: {
                            ent_codigo: number;
                            ent_uuid: string;
                            ent_razao_social: string | null;
                            ent_nome_fantasia: string;
                            ent_descricao: string | null;
                            ent_cnpj: string | null;
                            ent_inscricao_estadual: string | null;
                            ent_inscricao_municipal: string | null;
                            ent_telefone: string | null;
                            ent_telefone2: string | null;
                            ent_celular: string | null;
                            cod_ger_empresa: number;
                            emp_nome_fantasia: string;
                            /** @enum {string} */
                            ent_tipo_plano: "1" | "2";
                            plano: {
                                /** @enum {string} */
                                pla_tipo_plano: "1" | "2";
                            };
                            ent_from_name_default: string | null;
                            ent_from_default: string | null;
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEntidadesByUuid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ent_uuid: string;
                        ent_nome_fantasia: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putEntidade: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ent_codigo?: number;
                    ent_nome_fantasia: string;
                    ent_razao_social?: string | null;
                    ent_descricao?: string | null;
                    ent_cnpj?: string | null;
                    ent_inscricao_estadual?: string | null;
                    ent_inscricao_municipal?: string | null;
                    ent_telefone?: string | null;
                    ent_telefone2?: string | null;
                    ent_celular?: string | null;
                    cod_ger_empresa?: number;
                    plano: {
                        /** @enum {string} */
                        pla_tipo_plano: "1" | "2";
                    };
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        entidade: {
                            ent_codigo: number;
                            ent_uuid: string;
                            ent_razao_social: string | null;
                            ent_nome_fantasia: string;
                            ent_descricao: string | null;
                            ent_cnpj: string | null;
                            ent_inscricao_estadual: string | null;
                            ent_inscricao_municipal: string | null;
                            ent_telefone: string | null;
                            ent_telefone2: string | null;
                            ent_celular: string | null;
                            cod_ger_empresa: number;
                            emp_nome_fantasia: string;
                            /** @enum {string} */
                            ent_tipo_plano: "1" | "2";
                            plano: {
                                /** @enum {string} */
                                pla_tipo_plano: "1" | "2";
                            };
                            ent_from_name_default: string | null;
                            ent_from_default: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postEntidade: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ent_codigo?: number;
                    ent_nome_fantasia: string;
                    ent_razao_social?: string | null;
                    ent_descricao?: string | null;
                    ent_cnpj?: string | null;
                    ent_inscricao_estadual?: string | null;
                    ent_inscricao_municipal?: string | null;
                    ent_telefone?: string | null;
                    ent_telefone2?: string | null;
                    ent_celular?: string | null;
                    cod_ger_empresa?: number;
                    plano: {
                        /** @enum {string} */
                        pla_tipo_plano: "1" | "2";
                    };
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        entidade: {
                            ent_codigo: number;
                            ent_uuid: string;
                            ent_razao_social: string | null;
                            ent_nome_fantasia: string;
                            ent_descricao: string | null;
                            ent_cnpj: string | null;
                            ent_inscricao_estadual: string | null;
                            ent_inscricao_municipal: string | null;
                            ent_telefone: string | null;
                            ent_telefone2: string | null;
                            ent_celular: string | null;
                            cod_ger_empresa: number;
                            emp_nome_fantasia: string;
                            /** @enum {string} */
                            ent_tipo_plano: "1" | "2";
                            plano: {
                                /** @enum {string} */
                                pla_tipo_plano: "1" | "2";
                            };
                            ent_from_name_default: string | null;
                            ent_from_default: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmpresas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        empresas: {
                            emp_codigo: number;
                            emp_nome_fantasia: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmpresasByIdEntidades: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entidades: {
                            ent_codigo: number;
                            ent_nome_fantasia: string;
                            /** @enum {string} */
                            ent_tipo_plano: "1" | "2";
                        }[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getContatoInstituicoes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        con_ins_codigo: number;
                        con_ins_nome: string;
                        /** @enum {string} */
                        con_ins_tipo: "Banco";
                        con_ins_email_sac: string | null;
                        con_ins_email_ouvidoria: string | null;
                    }[];
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getSender: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "sen_codigo" | "sen_nome";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        senders: {
                            sen_codigo: number;
                            sen_nome: string;
                            cod_usu_usuario: number;
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postSender: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sen_nome: string;
                    cod_usu_usuario?: number;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sen_codigo: number;
                        sen_nome: string;
                        cod_usu_usuario: number;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getWhitelist: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "whi_codigo" | "whi_email";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        leads: {
                            whi_codigo: number;
                            whi_email: string;
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postWhitelist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    whi_email: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        whitelist: {
                            whi_codigo: number;
                            whi_email: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getWhitelistById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        whi_codigo: number;
                        whi_email: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putWhitelistById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    whi_email: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        whitelist: {
                            whi_codigo: number;
                            whi_email: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    deleteWhitelistById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getBackups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agendamento: {
                            ativo: boolean;
                            cron: string;
                            manter: number;
                        };
                        backups: {
                            inicio: string;
                            fim: string;
                            sucesso: boolean;
                            tamanho: number | null;
                            erro: string | null;
                        }[];
                        auditoria: {
                            inicio: string;
                            fim: string;
                            mensagens: number;
                            eventos: number;
                            carimbos: number;
                            arquivos: number;
                            quebras: number;
                            erro: string | null;
                        } | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEtiquetas: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "eti_codigo" | "eti_nome" | "eti_cor";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        etiquetas: {
                            eti_codigo: number;
                            eti_nome: string;
                            eti_cor: string;
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postEtiquetas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    eti_nome: string;
                    eti_cor: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        etiqueta: {
                            eti_codigo: number;
                            eti_nome: string;
                            eti_cor: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEtiquetasById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eti_codigo: number;
                        eti_nome: string;
                        eti_cor: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putEtiquetasById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    eti_nome: string;
                    eti_cor: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        etiqueta: {
                            eti_codigo: number;
                            eti_nome: string;
                            eti_cor: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    deleteEtiquetasById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getPlano: {
        parameters: {
            query?: {
                codigo?: number;
                tipo?: "1" | "2";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pla_codigo: number;
                        ativo: boolean;
                        /** @enum {string} */
                        tipoPlano: "1" | "2";
                        total: number;
                        titlePlano: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putPlano: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pla_codigo: number;
                    pla_total_credito: number;
                    motivo?: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        plano: {
                            pla_codigo: number;
                            /** @enum {string} */
                            pla_tipo_plano: "1" | "2";
                            pla_total_credito: number;
                            pla_ativo: 0 | 1;
                            pla_nivel: 1 | 2;
                            pla_data_criacao: string;
                            usuario: {
                                nome: string;
                            };
                            pla_codigo_usu_ent: number;
                            pla_dia_referencia: number;
                            pla_periodo_inicio: string;
                            pla_creditos_utilizados: number;
                            gerenciavel: boolean;
                        };
                        creditos: {
                            pla_codigo: number;
                            ativo: boolean;
                            /** @enum {string} */
                            tipoPlano: "1" | "2";
                            total: number;
                            titlePlano: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getPlanoUsuario: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plano: {
                            pla_codigo: number;
                            /** @enum {string} */
                            pla_tipo_plano: "1" | "2";
                            pla_total_credito: number;
                            pla_ativo: 0 | 1;
                            pla_nivel: 1 | 2;
                            pla_data_criacao: string;
                            usuario: {
                                nome: string;
                            };
                            pla_codigo_usu_ent: number;
                            pla_dia_referencia: number;
                            pla_periodo_inicio: string;
                            pla_creditos_utilizados: number;
                            gerenciavel: boolean;
                        };
                        creditos: {
                            pla_codigo: number;
                            ativo: boolean;
                            /** @enum {string} */
                            tipoPlano: "1" | "2";
                            total: number;
                            titlePlano: string;
                        };
                        ultimaAquisicao: string | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getPlanoEntidadeUser: {
        parameters: {
            query?: {
                usu_codigo?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plano: {
                            pla_codigo: number;
                            /** @enum {string} */
                            pla_tipo_plano: "1" | "2";
                            pla_total_credito: number;
                            pla_ativo: 0 | 1;
                            pla_nivel: 1 | 2;
                            pla_data_criacao: string;
                            usuario: {
                                nome: string;
                            };
                            pla_codigo_usu_ent: number;
                            pla_dia_referencia: number;
                            pla_periodo_inicio: string;
                            pla_creditos_utilizados: number;
                            gerenciavel: boolean;
                        };
                        creditos: {
                            pla_codigo: number;
                            ativo: boolean;
                            /** @enum {string} */
                            tipoPlano: "1" | "2";
                            total: number;
                            titlePlano: string;
                        };
                        ultimaAquisicao: string | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getHistoricoPlanoById: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "log_codigo";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        historico: {
                            log_codigo: number;
                            log_creditos: {
                                status: string;
                                payment_method: string;
                                payment_method_title: string;
                                number: string;
                                total?: string;
                                currency?: string;
                                line_items: {
                                    name: string;
                                    price: string | number;
                                    quantity: number;
                                }[];
                                date_created: string | null;
                                date_completed: string | null;
                                date_paid: string | null;
                                meta_data: {
                                    key: string;
                                    value: string | number | boolean;
                                }[];
                            };
                            log_quantidade: number;
                            log_creditado_em: string | null;
                            log_data: string;
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getPlanos: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "pla_codigo" | "nome" | "pla_nivel" | "pla_data_criacao" | "pla_total_credito" | "pla_tipo_plano" | "pla_ativo";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        planos: {
                            pla_codigo: number;
                            /** @enum {string} */
                            pla_tipo_plano: "1" | "2";
                            pla_total_credito: number;
                            pla_ativo: 0 | 1;
                            pla_nivel: 1 | 2;
                            pla_data_criacao: string;
                            usuario: {
                                nome: string;
                            };
                            pla_codigo_usu_ent: number;
                            pla_dia_referencia: number;
                            pla_periodo_inicio: string;
                            pla_creditos_utilizados: number;
                            gerenciavel: boolean;
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getPlanosByIdMovimentos: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "mov_codigo";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        movimentos: {
                            mov_codigo: number;
                            /** @enum {string} */
                            mov_tipo: "compra" | "ajuste" | "debito" | "estorno";
                            mov_creditos: number;
                            mov_saldo_apos: number;
                            mov_motivo: string;
                            mov_referencia: string | null;
                            mov_data: string;
                            autor: {
                                nome: string;
                            } | null;
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putPlanosByIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pla_ativo: number;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        plano: {
                            pla_codigo: number;
                            /** @enum {string} */
                            pla_tipo_plano: "1" | "2";
                            pla_total_credito: number;
                            pla_ativo: 0 | 1;
                            pla_nivel: 1 | 2;
                            pla_data_criacao: string;
                            usuario: {
                                nome: string;
                            };
                            pla_codigo_usu_ent: number;
                            pla_dia_referencia: number;
                            pla_periodo_inicio: string;
                            pla_creditos_utilizados: number;
                            gerenciavel: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    listSentMessages: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "ema_uni_codigo" | "ema_uni_to" | "ema_uni_subject" | "ema_uni_identificacao" | "ema_uni_data_criacao";
                order?: string;
                searchTerm?: string;
                searchTags?: number | number[];
                searchStatus?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        emails: {
                            ema_uni_codigo: number;
                            ema_uni_id: string;
                            ema_uni_to: string | null;
                            ema_uni_name_to: string;
                            ema_uni_subject: string;
                            ema_uni_identificacao: string;
                            ema_uni_data_criacao: string;
                            ema_uni_sms: {
                                number: string;
                                messageContent: string;
                            } | null;
                            ema_uni_whatsapp: {
                                numberReceived: string;
                                content: string;
                            } | null;
                            emailEtiquetas: {
                                eti_codigo: number;
                                eti_nome: string;
                                eti_cor: string;
                            }[];
                            lastStatus: {
                                email?: {
                                    /** @enum {string} */
                                    type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                    label: string;
                                    color: string;
                                    dateTime: string;
                                } | null;
                                sms?: {
                                    /** @enum {string} */
                                    type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                    label: string;
                                    color: string;
                                    dateTime: string;
                                } | null;
                                whatsapp?: {
                                    /** @enum {string} */
                                    type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                    label: string;
                                    color: string;
                                    dateTime: string;
                                } | null;
                                voz?: {
                                    /** @enum {string} */
                                    type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                    label: string;
                                    color: string;
                                    dateTime: string;
                                } | null;
                                carta?: {
                                    /** @enum {string} */
                                    type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                    label: string;
                                    color: string;
                                    dateTime: string;
                                } | null;
                            };
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chave única da operação (ex. um UUID), guardada por 24 h por usuário: repetir a requisição com a mesma chave e o mesmo corpo devolve a mesma resposta sem criar nada de novo (cabeçalho Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    destinataires: {
                        /** @default  */
                        to?: string;
                        nameTo: string;
                        leadSelected?: number | null;
                        sms?: {
                            name?: string;
                            mobile: string;
                        } | null;
                        whatsapp?: {
                            name?: string;
                            mobile: string;
                        } | null;
                        voz?: {
                            name?: string;
                            mobile: string;
                        } | null;
                        carta?: {
                            nome: string;
                            endereco: string;
                            numero: string;
                            complemento?: string | null;
                            bairro: string;
                            cidade: string;
                            /** @enum {string} */
                            estado: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
                            cep: string;
                        } | null;
                        validacaoNotif?: {
                            pergunta: string;
                            resposta: string;
                        } | null;
                    }[];
                    nameFrom: string;
                    from?: string;
                    /** @default  */
                    identificacao?: string;
                    subject: string;
                    /** @default  */
                    content?: string;
                    oficio?: {
                        numeroProcesso: string;
                        numeroCnj?: string | null;
                        comarca: string;
                        vara: string;
                        requerentes?: {
                            nome: string;
                            documento?: string | null;
                        }[] | null;
                        requeridos?: {
                            nome: string;
                            documento?: string | null;
                        }[] | null;
                        exequentes?: {
                            nome: string;
                            documento?: string | null;
                        }[] | null;
                        executados?: {
                            nome: string;
                            documento?: string | null;
                        }[] | null;
                        finalidade: string;
                        numeroOficio: string;
                        procedimento?: string | null;
                        valorDebito?: number | null;
                        dataInclusao?: string | null;
                        prazo?: number | null;
                        multa?: number | null;
                    } | null;
                    codModeloSelected?: number | null;
                    /** @default [] */
                    etiquetasSelected?: number[];
                    /** @default [] */
                    attachments?: string[];
                    codEmailReply?: number | null;
                    codEmailReplyBase?: number | null;
                    sendNotification?: boolean;
                    cascata?: {
                        /** @enum {string} */
                        modelo: "cpc246" | "personalizada";
                        /** @default [] */
                        etapas?: {
                            /** @enum {string} */
                            canal: "email" | "whatsapp" | "sms" | "voz" | "carta";
                            condicao?: {
                                /** @enum {string} */
                                tipo: "junto" | "nao_entregue" | "nao_lido" | "nao_confirmado" | "falhou";
                                prazo?: number | null;
                                unidade?: ("minutos" | "horas" | "dias_uteis") | null;
                            } | null;
                        }[];
                    } | null;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        emails: {
                            ema_uni_codigo: number;
                            ema_uni_id: string;
                            ema_uni_to: string | null;
                        }[];
                        creditos: number;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Uma requisição com a mesma Idempotency-Key ainda está em andamento. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description A Idempotency-Key já foi usada com outro corpo. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getSentMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ema_uni_codigo: number;
                        ema_uni_id: string;
                        ema_uni_name_from: string;
                        ema_uni_from: string;
                        ema_uni_name_to: string;
                        ema_uni_to: string | null;
                        ema_uni_subject: string;
                        ema_uni_content: string;
                        ema_uni_identificacao: string;
                        oficio: {
                            campos: {
                                label: string;
                                value: string;
                            }[];
                            sha256: string;
                            confere: boolean;
                        } | null;
                        ema_uni_data_criacao: string;
                        ema_uni_origem: string;
                        ema_uni_attachments: {
                            attachments: {
                                uuidFilename: string;
                                originalFilename: string;
                                mime: string;
                                size: number;
                                pathS3: string;
                                sha256: string;
                            }[];
                        };
                        ema_uni_sms: {
                            number: string;
                            messageContent: string;
                        } | null;
                        ema_uni_whatsapp: {
                            numberReceived: string;
                            content: string;
                        } | null;
                        cod_ger_modelo: number | null;
                        hasAttachments: boolean;
                        hasVerification: boolean;
                        verification: {
                            ema_verif_pergunta: string;
                            ema_verif_resposta: string | null;
                        } | null;
                        emailEtiquetas: {
                            eti_codigo: number;
                            eti_nome: string;
                            eti_cor: string;
                        }[];
                        email_error: {
                            reasonFailure: string;
                            dateSend: string;
                        } | null;
                        smsStatus: {
                            number: string;
                            answers: {
                                short_message: string;
                                dateTime: string;
                                /** @enum {string} */
                                type: "answered" | "acknowledged";
                            }[];
                        } | null;
                        sms_error: {
                            reasonFailure: string;
                            dateSend: string;
                        } | null;
                        whatsappStatus: {
                            numberReceived: string;
                            answers: {
                                short_message: string;
                                dateTime: string;
                                /** @enum {string} */
                                type: "answered" | "acknowledged";
                            }[];
                        } | null;
                        ema_uni_whatsapp_status: {
                            text: string;
                            dateTime: string;
                        } | null;
                        whatsapp_error: {
                            reasonFailure: string;
                            dateSend: string;
                        } | null;
                        hasCartas: boolean;
                        carta: {
                            endereco: string[];
                            rastreio: string | null;
                        } | null;
                        carta_error: {
                            reasonFailure: string;
                            dateSend: string;
                        } | null;
                        linkArCartaComprovante: string | null;
                        hasVoice: boolean;
                        voz_payload: {
                            numberTo: string;
                        } | null;
                        detalhesVoz: {
                            numero: string;
                            status: string | null;
                            tentativas: number;
                            linkAtendimento: string | null;
                            gravacaoSha256: string | null;
                        } | null;
                        voz_error: {
                            reasonFailure: string;
                            dateSend: string;
                        } | null;
                        cascata?: {
                            /** @enum {string} */
                            modelo: "cpc246" | "personalizada";
                            nome: string;
                            regra: string | null;
                            /** @enum {string} */
                            situacao: "em_andamento" | "concluida" | "encerrada";
                            etapas: {
                                ordem: number;
                                /** @enum {string} */
                                canal: "email" | "whatsapp" | "sms" | "voz" | "carta";
                                condicao: string;
                                /** @enum {string} */
                                situacao: "aguardando" | "enviada" | "pulada";
                                prazo: string | null;
                                prazoTexto: string | null;
                                decididaEm: string | null;
                                motivo: string | null;
                                creditos: number;
                            }[];
                        } | null;
                        tracking: {
                            date: string;
                            /** @enum {string} */
                            canal: "email" | "sms" | "whatsapp" | "voz" | "carta";
                            ip: string | null;
                            city: string | null;
                            state: string | null;
                            country: string | null;
                            position: {
                                lat: number;
                                lng: number;
                            } | null;
                            url: string | null;
                            /** @enum {string} */
                            acao: "leitura" | "abertura" | "clique" | "download" | "aceite" | "resposta";
                            automatico: boolean;
                        }[] | null;
                        status: {
                            email: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            sms: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            whatsapp: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            voz: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            carta: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                        };
                        lastStatus: {
                            email?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            };
                            sms?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            };
                            whatsapp?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            };
                            voz?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            };
                            carta?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            };
                        };
                        timeline: {
                            /** @enum {string} */
                            type: "email" | "sms" | "whatsApp" | "voz" | "carta";
                            date: string;
                            status: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getMessageStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: {
                            email: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            sms: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            whatsapp: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            voz: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            carta: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                        };
                        lastStatus: {
                            email?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            };
                            sms?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            };
                            whatsapp?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            };
                            voz?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            };
                            carta?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            };
                        };
                        timeline: {
                            /** @enum {string} */
                            type: "email" | "sms" | "whatsApp" | "voz" | "carta";
                            date: string;
                            status: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postEmailsSendByIdEtiquetas: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": number[];
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eti_codigo: number;
                        eti_nome: string;
                        eti_cor: string;
                    }[];
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    deleteEmailsSendByIdEtiquetasByTagId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                tagId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postEmailsAttachments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    attachments: string[];
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        uuidFilename: string;
                        originalFilename: string;
                        mime: string;
                        size: number;
                        pathS3: string;
                    }[];
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailAttachmentsByCodEmailByUuid: {
        parameters: {
            query?: {
                path?: string;
            };
            header?: never;
            path: {
                codEmail: number;
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsCheckBlacklistByEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        check: {
                            valid: boolean;
                            msg: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsCheckValido: {
        parameters: {
            query: {
                emails: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checkList: {
                            email: string;
                            check: {
                                valid: boolean;
                                msg: string;
                            };
                        }[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsReceived: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "ema_uni_codigo" | "from" | "ema_uni_subject" | "ema_uni_data_criacao" | "data_entrega";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        emailsData: {
                            ema_uni_codigo: number;
                            from: string;
                            nameFrom: string;
                            to: string;
                            ema_uni_subject: string;
                            ema_uni_data_criacao: string;
                            data_entrega: string;
                            hasViewed: boolean;
                            hasAttachments: boolean;
                            ema_uni_cod_email_reply_base: number;
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsReceivedById: {
        parameters: {
            query?: {
                browser?: string;
                browserVersion?: string;
                os?: string;
                device?: string;
                ip?: string;
                city?: string;
                state?: string;
                country?: string;
                lat?: number;
                lng?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ema_uni_codigo: number;
                        from: string;
                        nameFrom: string;
                        to: string;
                        ema_uni_subject: string;
                        ema_uni_data_criacao: string;
                        data_entrega: string;
                        hasViewed: boolean;
                        hasAttachments: boolean;
                        ema_uni_cod_email_reply_base: number;
                        ema_uni_content: string;
                        ema_uni_text: string;
                        attachments: {
                            originalFilename: string;
                            uuidFilename: string;
                            pathS3: string;
                            mime: string;
                            size: number;
                        }[];
                        replyBase: {
                            ema_uni_codigo: number;
                            ema_uni_id: string;
                            ema_uni_subject: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postTsa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getTsaCertificadoPem: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postEmailsValidarCarimbo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    carimboBase64: string;
                    hash: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        valido: boolean;
                        mensagem: string;
                        carimbadoPor: string | null;
                        dataHora: string | null;
                        dataHoraBrasilia: string | null;
                        hashCarimbado: string | null;
                        hashInformado: string;
                        algoritmo: string | null;
                        serial: string | null;
                        politica: string | null;
                        tsaEmbutida: boolean;
                        verificacoes: {
                            assinatura: boolean;
                            cadeiaCertificados: boolean;
                            hash: boolean;
                        };
                        problemas: string[];
                        evento: {
                            canal: string;
                            tipo: string;
                            ocorridoEm: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsValidarCarimboByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        valido: boolean;
                        mensagem: string;
                        carimbadoPor: string | null;
                        dataHora: string | null;
                        dataHoraBrasilia: string | null;
                        hashCarimbado: string | null;
                        hashInformado: string;
                        algoritmo: string | null;
                        serial: string | null;
                        politica: string | null;
                        tsaEmbutida: boolean;
                        verificacoes: {
                            assinatura: boolean;
                            cadeiaCertificados: boolean;
                            hash: boolean;
                        };
                        problemas: string[];
                        evento: {
                            canal: string;
                            tipo: string;
                            ocorridoEm: string;
                        } | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getAssinaturaCertificadoPem: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postDocumentosValidar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    arquivo: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        valido: boolean;
                        documento: string | null;
                        protocolo: number | null;
                        codigo: string;
                        assinadoEm: string | null;
                        assinante: string | null;
                        carimboDoTempo: {
                            tsa: string;
                            dataHora: string;
                            valido: boolean;
                        } | null;
                        motivo?: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsInfoPublicByUuid: {
        parameters: {
            query?: {
                idioma?: string;
                tela?: string;
                fuso?: string;
                verify?: string;
            };
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        codeEmail: string;
                        simulado: boolean;
                        protocolo: number;
                        subject: string;
                        remetente: string;
                        destinatario: string;
                        content: string;
                        oficio: {
                            campos: {
                                label: string;
                                value: string;
                            }[];
                            sha256: string;
                            confere: boolean;
                        } | null;
                        dataEnviada: string | null;
                        horaEnviada: string | null;
                        dataEntrega: string | null;
                        horaEntrega: string | null;
                        dataLeitura: string | null;
                        horaLeitura: string | null;
                        dataLeituraUTC: string | null;
                        numberSMS: string | null;
                        messageSMS: string | null;
                        statusSMS: {
                            /** @enum {string} */
                            type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                            label: string;
                            color: string;
                            dateTime: string;
                        } | null;
                        hasErrorSMS: boolean;
                        sms_error: {
                            reasonFailure: string;
                            dateSend: string;
                        } | null;
                        respostasSMS: {
                            texto: string;
                            dateTime: string;
                            /** @enum {string} */
                            tipo: "answered" | "acknowledged";
                        }[];
                        dataProviderSMS: {
                            envioEntrega: {
                                ocorridoEm: string;
                                carimbo: string | null;
                                hashAssinado: string;
                                carimbadoEm: string | null;
                                tsa: string | null;
                                trilhaAuditoria?: string[];
                                trilhaLeitura?: string[];
                                ipLeitura?: string | null;
                            } | null;
                            leitura: {
                                ocorridoEm: string;
                                carimbo: string | null;
                                hashAssinado: string;
                                carimbadoEm: string | null;
                                tsa: string | null;
                                trilhaAuditoria?: string[];
                                trilhaLeitura?: string[];
                                ipLeitura?: string | null;
                            } | null;
                            resposta: {
                                ocorridoEm: string;
                                carimbo: string | null;
                                hashAssinado: string;
                                carimbadoEm: string | null;
                                tsa: string | null;
                                trilhaAuditoria?: string[];
                                trilhaLeitura?: string[];
                                ipLeitura?: string | null;
                            } | null;
                        } | null;
                        numberWhatsapp: string | null;
                        messageWhatsapp: string | null;
                        statusWhatsapp: {
                            /** @enum {string} */
                            type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                            label: string;
                            color: string;
                            dateTime: string;
                        } | null;
                        hasErrorWhatsapp: boolean;
                        whatsapp_error: {
                            reasonFailure: string;
                            dateSend: string;
                        } | null;
                        respostasWhatsApp: {
                            texto: string;
                            dateTime: string;
                            /** @enum {string} */
                            tipo: "answered" | "acknowledged";
                        }[];
                        dataProviderWhatsApp: {
                            envioEntrega: {
                                ocorridoEm: string;
                                carimbo: string | null;
                                hashAssinado: string;
                                carimbadoEm: string | null;
                                tsa: string | null;
                                trilhaAuditoria?: string[];
                                trilhaLeitura?: string[];
                                ipLeitura?: string | null;
                            } | null;
                            leitura: {
                                ocorridoEm: string;
                                carimbo: string | null;
                                hashAssinado: string;
                                carimbadoEm: string | null;
                                tsa: string | null;
                                trilhaAuditoria?: string[];
                                trilhaLeitura?: string[];
                                ipLeitura?: string | null;
                            } | null;
                            resposta: {
                                ocorridoEm: string;
                                carimbo: string | null;
                                hashAssinado: string;
                                carimbadoEm: string | null;
                                tsa: string | null;
                                trilhaAuditoria?: string[];
                                trilhaLeitura?: string[];
                                ipLeitura?: string | null;
                            } | null;
                        } | null;
                        numberVoz: string | null;
                        statusVoz: {
                            /** @enum {string} */
                            type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                            label: string;
                            color: string;
                            dateTime: string;
                        } | null;
                        voz_error: {
                            reasonFailure: string;
                            dateSend: string;
                        } | null;
                        linkVoz: string | null;
                        gravacaoVozSha256: string | null;
                        dataProviderVoz: {
                            envioEntrega: {
                                ocorridoEm: string;
                                carimbo: string | null;
                                hashAssinado: string;
                                carimbadoEm: string | null;
                                tsa: string | null;
                                trilhaAuditoria?: string[];
                                trilhaLeitura?: string[];
                                ipLeitura?: string | null;
                            } | null;
                            leitura: {
                                ocorridoEm: string;
                                carimbo: string | null;
                                hashAssinado: string;
                                carimbadoEm: string | null;
                                tsa: string | null;
                                trilhaAuditoria?: string[];
                                trilhaLeitura?: string[];
                                ipLeitura?: string | null;
                            } | null;
                            resposta: {
                                ocorridoEm: string;
                                carimbo: string | null;
                                hashAssinado: string;
                                carimbadoEm: string | null;
                                tsa: string | null;
                                trilhaAuditoria?: string[];
                                trilhaLeitura?: string[];
                                ipLeitura?: string | null;
                            } | null;
                        } | null;
                        statusCarta: {
                            /** @enum {string} */
                            type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                            label: string;
                            color: string;
                            dateTime: string;
                        } | null;
                        attachments: {
                            originalFilename: string;
                            uuidFilename: string;
                            size: number;
                            track: {
                                date: string | null;
                            };
                        }[];
                        /** @enum {string} */
                        emailResultSendStatus: "sucesso" | "falha" | "pendente";
                        email_error: {
                            reasonFailure: string;
                            dateSend: string;
                        } | null;
                        visualizarGeolocalizacao: boolean;
                        origemMessage: string;
                        customPage: {
                            customTitle: string;
                            customFavicon: string | null;
                        };
                        hashConteudo: string | null;
                        statusFull: {
                            email?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            sms?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            whatsapp?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            voz?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                            carta?: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                                color: string;
                                dateTime: string;
                            }[];
                        };
                        timeline: {
                            type: string;
                            date: string;
                            status: string;
                        }[];
                        detalhesEnvioEntrega: {
                            ocorridoEm: string;
                            carimbo: string | null;
                            hashAssinado: string;
                            carimbadoEm: string | null;
                            tsa: string | null;
                            trilhaAuditoria?: string[];
                            trilhaLeitura?: string[];
                            ipLeitura?: string | null;
                        } | null;
                        detalhesLeitura: {
                            ocorridoEm: string;
                            carimbo: string | null;
                            hashAssinado: string;
                            carimbadoEm: string | null;
                            tsa: string | null;
                            trilhaAuditoria?: string[];
                            trilhaLeitura?: string[];
                            ipLeitura?: string | null;
                        } | null;
                        detalhesAceite: {
                            ocorridoEm: string;
                            carimbo: string | null;
                            hashAssinado: string;
                            carimbadoEm: string | null;
                            tsa: string | null;
                            trilhaAuditoria?: string[];
                            trilhaLeitura?: string[];
                            ipLeitura?: string | null;
                        } | null;
                        clickTracking: {
                            date: string;
                            /** @enum {string} */
                            canal: "email" | "sms" | "whatsapp" | "voz" | "carta";
                            ip: string | null;
                            city: string | null;
                            state: string | null;
                            country: string | null;
                            position: {
                                lat: number;
                                lng: number;
                            } | null;
                            url: string | null;
                            /** @enum {string} */
                            acao: "leitura" | "abertura" | "clique" | "download" | "aceite" | "resposta";
                            automatico: boolean;
                        }[];
                        aceito: boolean;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postEmailsInfoPublicRespostaByUuid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    verify: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsInfoPublicByUuidTrackEmailByX: {
        parameters: {
            query?: {
                idioma?: string;
                tela?: string;
                fuso?: string;
                verify?: string;
            };
            header?: never;
            path: {
                uuid: string;
                x: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        registrado: true;
                        /** @enum {string} */
                        classificacao: "pessoa" | "proxy-de-imagens" | "verificador-de-links" | "automatico";
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsInfoPublicByUuidTrackSmsByX: {
        parameters: {
            query?: {
                idioma?: string;
                tela?: string;
                fuso?: string;
                verify?: string;
            };
            header?: never;
            path: {
                uuid: string;
                x: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        registrado: true;
                        /** @enum {string} */
                        classificacao: "pessoa" | "proxy-de-imagens" | "verificador-de-links" | "automatico";
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsInfoPublicByUuidTrackWhatsappByX: {
        parameters: {
            query?: {
                idioma?: string;
                tela?: string;
                fuso?: string;
                verify?: string;
            };
            header?: never;
            path: {
                uuid: string;
                x: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        registrado: true;
                        /** @enum {string} */
                        classificacao: "pessoa" | "proxy-de-imagens" | "verificador-de-links" | "automatico";
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsInfoPublicByUuidTrackAcceptEmailByX: {
        parameters: {
            query?: {
                idioma?: string;
                tela?: string;
                fuso?: string;
                verify?: string;
            };
            header?: never;
            path: {
                uuid: string;
                x: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsInfoPublicTrackConteudoLinkExternoByLnk: {
        parameters: {
            query?: {
                idioma?: string;
                tela?: string;
                fuso?: string;
            };
            header?: never;
            path: {
                lnk: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        host: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailPublicAttachmentsByUuid: {
        parameters: {
            query?: {
                idioma?: string;
                tela?: string;
                fuso?: string;
                verify?: string;
            };
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailPublicVozByUuid: {
        parameters: {
            query?: {
                idioma?: string;
                tela?: string;
                fuso?: string;
                verify?: string;
            };
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        link: string;
                        numero: string;
                        status: string | null;
                        sha256: string;
                        gravadaEm: string;
                        duracaoSegundos: number | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailPublicVozByUuidGravacao: {
        parameters: {
            query?: {
                idioma?: string;
                tela?: string;
                fuso?: string;
                verify?: string;
            };
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsSendingProofById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ema_uni_codigo: number;
                        ema_uni_id: string;
                        remetente: {
                            nome: string;
                            email: string;
                            usuario: string;
                            conta: string;
                            entidade: string | null;
                        };
                        destinatario: {
                            nome: string;
                            email: string | null;
                        };
                        assunto: string;
                        identificacao: string;
                        oficio: {
                            campos: {
                                label: string;
                                value: string;
                            }[];
                            sha256: string;
                            confere: boolean;
                        } | null;
                        criadoEm: string;
                        criadoEmBrasilia: string;
                        status: {
                            /** @enum {string} */
                            type: "processed" | "send" | "delivered" | "read" | "acknowledged" | "answered" | "erro";
                            label: string;
                            dateTime: string;
                            dataHoraBrasilia: string;
                            detalhe: string | null;
                            hash: string;
                        }[];
                        ultimoStatus: {
                            /** @enum {string} */
                            type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                            label: string;
                        } | null;
                        texto: string;
                        falha: {
                            motivo: string;
                            dataHora: string;
                            dataHoraBrasilia: string;
                        } | null;
                        hashConteudo: string;
                        ultimoHash: string | null;
                        cadeiaIntegra: boolean;
                        simulado: boolean;
                        anexos: {
                            originalFilename: string;
                            mime: string;
                            size: number;
                            sha256: string;
                        }[];
                        canais: {
                            /** @enum {string} */
                            canal: "sms" | "whatsapp" | "voz";
                            nome: string;
                            numero: string;
                            mensagem: string;
                            status: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "acknowledged" | "answered" | "erro";
                                label: string;
                                dateTime: string;
                                dataHoraBrasilia: string;
                                detalhe: string | null;
                                hash: string;
                            }[];
                            ultimoStatus: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                            } | null;
                            falha: {
                                motivo: string;
                                dataHora: string;
                                dataHoraBrasilia: string;
                            } | null;
                            respostas: {
                                /** @enum {string} */
                                tipo: "answered" | "acknowledged";
                                texto: string;
                                dataHora: string;
                                dataHoraBrasilia: string;
                                hash: string;
                            }[];
                            etapas: {
                                label: string;
                                dateTime: string;
                                dataHoraBrasilia: string;
                                detalhe: string | null;
                                hash: string;
                            }[];
                            arquivos: {
                                nome: string;
                                sha256: string;
                                detalhe: string | null;
                                registradoEm: string;
                                registradoEmBrasilia: string;
                                hashEvento: string;
                                carimbo: {
                                    dataHora: string;
                                    dataHoraBrasilia: string;
                                    tsa: string | null;
                                } | null;
                            }[];
                        }[];
                        carta: {
                            /** @constant */
                            canal: "carta";
                            /** @constant */
                            nome: "AR-Carta";
                            endereco: string[];
                            rastreio: string | null;
                            status: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "erro";
                                label: string;
                                dateTime: string;
                                dataHoraBrasilia: string;
                                detalhe: string | null;
                                hash: string;
                            }[];
                            etapas: {
                                label: string;
                                dateTime: string;
                                dataHoraBrasilia: string;
                                detalhe: string | null;
                                hash: string;
                            }[];
                            ultimoStatus: {
                                /** @enum {string} */
                                type: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                                label: string;
                            } | null;
                            falha: {
                                motivo: string;
                                dataHora: string;
                                dataHoraBrasilia: string;
                            } | null;
                            arquivos: {
                                nome: string;
                                sha256: string;
                                detalhe: string | null;
                                registradoEm: string;
                                registradoEmBrasilia: string;
                                hashEvento: string;
                                carimbo: {
                                    dataHora: string;
                                    dataHoraBrasilia: string;
                                    tsa: string | null;
                                } | null;
                            }[];
                        } | null;
                        urlPublica: string;
                        geradoEm: string;
                        geradoEmBrasilia: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putEmailsSendingProofById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailsReportLaudoById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postRemessasEncodingRemessa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        encoding: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postRemessasUpload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chave única da operação (ex. um UUID), guardada por 24 h por usuário: repetir a requisição com a mesma chave e o mesmo corpo devolve a mesma resposta sem criar nada de novo (cabeçalho Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    contentBase64: string;
                    fileName: string;
                    /** @default false */
                    confirmarDuplicada?: boolean;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        rem_codigo: number;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Uma requisição com a mesma Idempotency-Key ainda está em andamento. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description A Idempotency-Key já foi usada com outro corpo. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getRemessas: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "rem_codigo" | "rem_nome" | "rem_data_processamento" | "rem_status_processamento" | "rem_quantidade_registros";
                order?: string;
                searchTerm?: string;
                tipo?: "sucesso" | "falha";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            rem_codigo: number;
                            rem_nome: string;
                            rem_data_criacao: string;
                            rem_data_processamento: string;
                            rem_status_processamento: string;
                            rem_quantidade_registros: number;
                            motivo_falha: string | null;
                            tipo_falha: string | null;
                            rem_origem: number | null;
                            progresso: {
                                enfileiradas: number;
                                aguardando: number;
                                na_fila: number;
                                enviadas: number;
                                falhas: number;
                            };
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getRemessasStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total_sucessos: number;
                        total_falhas: number;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getRemessasRetornoById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getRemessasRetornoFull: {
        parameters: {
            query: {
                ids: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getRemessasRelatorio: {
        parameters: {
            query: {
                format?: "csv";
                dataInicial: string;
                dataFinal: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getReports: {
        parameters: {
            query: {
                dataInicial: string;
                dataFinal: string;
                tipo: "enviados" | "enviados-entidade";
                format?: "xlsx" | "csv";
                nameReport?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postReports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dataInicial: string;
                    dataFinal: string;
                    /** @enum {string} */
                    tipo: "enviados" | "enviados-entidade";
                    /**
                     * @default xlsx
                     * @enum {string}
                     */
                    format?: "xlsx" | "csv";
                    nameReport?: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getReportsProofs: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "comp_codigo";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        comprovantes: {
                            comp_codigo: number;
                            comp_cod_referencia: string;
                            comp_payload: {
                                payload: {
                                    nameProof: string;
                                    startDate: string;
                                    finalDate: string;
                                    filter: {
                                        channels: ("email" | "sms" | "whatsapp" | "voz" | "carta")[];
                                        status: number[];
                                    };
                                };
                            };
                            comp_data_criacao: string;
                            comp_data_expiracao: string | null;
                            /** @enum {string} */
                            status: "processando" | "pronto" | "expirado" | "falha";
                            progresso: {
                                feitos: number;
                                total: number;
                            };
                            /** @enum {string} */
                            formato: "pdf" | "zip";
                            tamanho: number | null;
                            sha256: string | null;
                            alerta: boolean;
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postReportsProofs: {
        parameters: {
            query?: never;
            header?: {
                /** @description Chave única da operação (ex. um UUID), guardada por 24 h por usuário: repetir a requisição com a mesma chave e o mesmo corpo devolve a mesma resposta sem criar nada de novo (cabeçalho Idempotent-Replayed: true). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    startDate: string;
                    finalDate: string;
                    nameProof?: string;
                    /**
                     * @default {
                     *       "channels": [],
                     *       "status": []
                     *     }
                     */
                    filter?: {
                        /** @default [] */
                        channels?: ("email" | "sms" | "whatsapp" | "voz" | "carta")[];
                        /** @default [] */
                        status?: number[];
                    };
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        comprovante: {
                            comp_codigo: number;
                            comp_cod_referencia: string;
                            comp_payload: {
                                payload: {
                                    nameProof: string;
                                    startDate: string;
                                    finalDate: string;
                                    filter: {
                                        channels: ("email" | "sms" | "whatsapp" | "voz" | "carta")[];
                                        status: number[];
                                    };
                                };
                            };
                            comp_data_criacao: string;
                            comp_data_expiracao: string | null;
                            /** @enum {string} */
                            status: "processando" | "pronto" | "expirado" | "falha";
                            progresso: {
                                feitos: number;
                                total: number;
                            };
                            /** @enum {string} */
                            formato: "pdf" | "zip";
                            tamanho: number | null;
                            sha256: string | null;
                            alerta: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Uma requisição com a mesma Idempotency-Key ainda está em andamento. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description A Idempotency-Key já foi usada com outro corpo. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getReportsProofsSingleByUuid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getReportsProofsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getNotificacoes: {
        parameters: {
            query?: {
                setor?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notificacoes: {
                            not_codigo: number;
                            not_setor: number;
                            not_tipo: string;
                            not_referencia: string | null;
                            not_texto: string;
                            not_data: string;
                        }[];
                        totalAlertas: {
                            comprovante: number;
                            email: number;
                            sms: number;
                            whatsapp: number;
                            versao: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    deleteNotificacoes: {
        parameters: {
            query?: {
                setor?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        totalAlertas: {
                            comprovante: number;
                            email: number;
                            sms: number;
                            whatsapp: number;
                            versao: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getNotificacoesTotal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        comprovante: number;
                        email: number;
                        sms: number;
                        whatsapp: number;
                        versao: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    deleteNotificacoesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        totalAlertas: {
                            comprovante: number;
                            email: number;
                            sms: number;
                            whatsapp: number;
                            versao: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postDashboardResume: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dateRange: (string | null)[];
                    /** @default null */
                    tag?: number | null;
                    /**
                     * @default proprio
                     * @enum {string}
                     */
                    escopo?: "proprio" | "entidade" | "empresa";
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        totalReceived: number;
                        totalSent: number;
                        totalDelivered: number;
                        totalOpen: number;
                        totalTags: number;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postDashboardReceivedSent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dateRange: (string | null)[];
                    /** @default null */
                    tag?: number | null;
                    /**
                     * @default proprio
                     * @enum {string}
                     */
                    escopo?: "proprio" | "entidade" | "empresa";
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dateXaxis: string[];
                        receivedData: number[];
                        sentData: number[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postDashboardSentDelivered: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dateRange: (string | null)[];
                    /** @default null */
                    tag?: number | null;
                    /**
                     * @default proprio
                     * @enum {string}
                     */
                    escopo?: "proprio" | "entidade" | "empresa";
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dateXaxis: string[];
                        sentData: number[];
                        deliveredData: number[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postDashboardDeliveredOpen: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dateRange: (string | null)[];
                    /** @default null */
                    tag?: number | null;
                    /**
                     * @default proprio
                     * @enum {string}
                     */
                    escopo?: "proprio" | "entidade" | "empresa";
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dateXaxis: string[];
                        deliveredData: number[];
                        openData: number[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postDashboardChannels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dateRange: (string | null)[];
                    /** @default null */
                    tag?: number | null;
                    /**
                     * @default proprio
                     * @enum {string}
                     */
                    escopo?: "proprio" | "entidade" | "empresa";
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        dateXaxis: string[];
                        totalEmails: number[];
                        totalSMS: number[];
                        totalWhats: number[];
                        totalVoz: number[];
                        totalCarta: number[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postDashboardTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    dateRange: (string | null)[];
                    /** @default null */
                    tag?: number | null;
                    /**
                     * @default proprio
                     * @enum {string}
                     */
                    escopo?: "proprio" | "entidade" | "empresa";
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        series: number[];
                        labels: string[];
                        colors: string[];
                        codes: number[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getTransporteDados: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        transportes: {
                            rem_trans_codigo: number;
                            rem_trans_nome: string;
                            rem_trans_campos: {
                                remessa: string[];
                                remessaOrigin: string[];
                                planilha: string[];
                                planilhaOrigin: string[];
                                campoAgrupamento: string;
                                tiposDadosSelected: string[];
                                valoresFixos: {
                                    [key: string]: string;
                                };
                            };
                            rem_trans_data_criacao: string;
                        }[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postTransporteDados: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rem_trans_nome: string;
                    rem_trans_campos: {
                        remessa: string[];
                        remessaOrigin: string[];
                        planilha: string[];
                        planilhaOrigin: string[];
                        /** @default  */
                        campoAgrupamento?: string;
                        /** @default [] */
                        tiposDadosSelected?: string[];
                        /** @default {} */
                        valoresFixos?: {
                            [key: string]: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        transporte: {
                            rem_trans_codigo: number;
                            rem_trans_nome: string;
                            rem_trans_campos: {
                                remessa: string[];
                                remessaOrigin: string[];
                                planilha: string[];
                                planilhaOrigin: string[];
                                campoAgrupamento: string;
                                tiposDadosSelected: string[];
                                valoresFixos: {
                                    [key: string]: string;
                                };
                            };
                            rem_trans_data_criacao: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    putTransporteDadosById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rem_trans_nome: string;
                    rem_trans_campos: {
                        remessa: string[];
                        remessaOrigin: string[];
                        planilha: string[];
                        planilhaOrigin: string[];
                        /** @default  */
                        campoAgrupamento?: string;
                        /** @default [] */
                        tiposDadosSelected?: string[];
                        /** @default {} */
                        valoresFixos?: {
                            [key: string]: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        transporte: {
                            rem_trans_codigo: number;
                            rem_trans_nome: string;
                            rem_trans_campos: {
                                remessa: string[];
                                remessaOrigin: string[];
                                planilha: string[];
                                planilhaOrigin: string[];
                                campoAgrupamento: string;
                                tiposDadosSelected: string[];
                                valoresFixos: {
                                    [key: string]: string;
                                };
                            };
                            rem_trans_data_criacao: string;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    deleteTransporteDadosById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getCanaisRespostasNaoIdentificadas: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "codigo";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        respostas: {
                            codigo: number;
                            /** @enum {string} */
                            canal: "sms" | "whatsapp";
                            numero: string;
                            /** @enum {string} */
                            tipo: "answered" | "acknowledged";
                            recebidaEm: string;
                            avisoDestinatario: ("pendente" | "enviado" | "falhou") | null;
                            avisoEnviadoEm: string | null;
                            mensagens: {
                                ema_uni_codigo: number;
                                ema_uni_id: string;
                                ema_uni_subject: string;
                                enviadaEm: string;
                                remetente: {
                                    usu_codigo: number;
                                    usu_nome: string;
                                    usu_login: string;
                                };
                            }[];
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getCanaisRespostasNaoIdentificadasById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        codigo: number;
                        /** @enum {string} */
                        canal: "sms" | "whatsapp";
                        numero: string;
                        /** @enum {string} */
                        tipo: "answered" | "acknowledged";
                        recebidaEm: string;
                        avisoDestinatario: ("pendente" | "enviado" | "falhou") | null;
                        avisoEnviadoEm: string | null;
                        mensagens: {
                            ema_uni_codigo: number;
                            ema_uni_id: string;
                            ema_uni_subject: string;
                            enviadaEm: string;
                            remetente: {
                                usu_codigo: number;
                                usu_nome: string;
                                usu_login: string;
                            };
                        }[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailPublicCartaByUuid: {
        parameters: {
            query?: {
                idioma?: string;
                tela?: string;
                fuso?: string;
                verify?: string;
            };
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string | null;
                        rastreio: string | null;
                        link: string;
                        sha256: string;
                        paginas: number;
                        linkAr: string | null;
                        arSha256: string | null;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getEmailPublicCartaByUuidByArquivo: {
        parameters: {
            query?: {
                idioma?: string;
                tela?: string;
                fuso?: string;
                verify?: string;
            };
            header?: never;
            path: {
                uuid: string;
                arquivo: "carta" | "ar";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getIntegracoesChaves: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chaves: {
                            id: number;
                            nome: string;
                            prefixo: string;
                            /** Format: date-time */
                            criadaEm: string;
                            expiraEm: string | null;
                            ultimoUsoEm: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postIntegracoesChaves: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    nome: string;
                    expiraEm?: string | null;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        nome: string;
                        prefixo: string;
                        /** Format: date-time */
                        criadaEm: string;
                        expiraEm: string | null;
                        token: string;
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    deleteIntegracoesChavesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getIntegracoesWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: {
                            id: number;
                            url: string;
                            eventos: string[];
                            ativo: boolean;
                            /** Format: date-time */
                            criadoEm: string;
                            falhandoDesde: string | null;
                            desativadoEm: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postIntegracoesWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    eventos?: "mensagem.status"[];
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        url: string;
                        eventos: string[];
                        ativo: boolean;
                        /** Format: date-time */
                        criadoEm: string;
                        falhandoDesde: string | null;
                        desativadoEm: string | null;
                        segredo: string;
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    deleteIntegracoesWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getIntegracoesWebhooksByIdEntregas: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                column?: "ent_codigo";
                order?: string;
                searchTerm?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entregas: {
                            id: number;
                            webhookId: string;
                            tipo: string;
                            /** @enum {string} */
                            situacao: "pendente" | "entregue" | "falhou";
                            /** Format: date-time */
                            criadaEm: string;
                            proximaTentativa: string | null;
                            corpo: string;
                            tentativas: {
                                /** Format: date-time */
                                em: string;
                                status: number | null;
                                duracaoMs: number;
                                erro: string | null;
                                proximaTentativa: string | null;
                            }[];
                        }[];
                        pagination: {
                            offset: number;
                            limit: number;
                            rowCount: number;
                            pageCount: number;
                        };
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postIntegracoesWebhooksByIdEntregasByEntregaIdReenviar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                entregaId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            401: components["responses"]["NaoAutenticado"];
            403: components["responses"]["Proibido"];
            404: components["responses"]["NaoEncontrado"];
            /** @description Limite de requisições da chave de API (API_KEY_RATE_LIMIT por minuto) atingido. */
            429: {
                headers: {
                    /** @description Segundos até poder tentar de novo */
                    "Retry-After"?: number;
                    /** @description Requisições permitidas por minuto para a chave */
                    "RateLimit-Limit"?: number;
                    /** @description Requisições que ainda restam na janela */
                    "RateLimit-Remaining"?: number;
                    /** @description Segundos até a janela recomeçar */
                    "RateLimit-Reset"?: number;
                    /** @description A política, ex. 600;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Erro"];
                };
            };
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postAuthOidcBackchannelLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    logout_token: string;
                };
            };
        };
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postLojaWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        ping?: boolean;
                        ignored?: boolean;
                        log_codigo?: number;
                        creditos?: number;
                        matched?: boolean;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postWebhooksTwilioSmsByUuid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postWebhooksTwilioSmsInbound: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postWebhooksLetter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    getWebhooksWhatsapp: {
        parameters: {
            query?: {
                "hub.mode"?: string;
                "hub.verify_token"?: string;
                "hub.challenge"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postWebhooksWhatsapp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        recorded: number;
                        repeated: number;
                        unknown: number;
                        unassigned?: number;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postWebhooksZenviaByChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channel: "sms" | "whatsapp";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        recorded: number;
                        repeated: number;
                        unknown: number;
                        unassigned?: number;
                    };
                };
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postWebhooksTwilioVozByUuidStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postWebhooksTwilioVozByUuidGravacao: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    postWebhooksTwilioVozByUuidTecla: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sucesso */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Invalido"];
            404: components["responses"]["NaoEncontrado"];
            "5XX": components["responses"]["ErroInterno"];
        };
    };
    mensagemStatus: {
        parameters: {
            query?: never;
            header: {
                /** @description Identificador da entrega, o mesmo em todas as tentativas (use-o para descartar repetições) */
                "webhook-id": string;
                /** @description Segundos desde 1970-01-01 UTC da tentativa */
                "webhook-timestamp": string;
                /** @description v1,<base64 do HMAC-SHA256 de "id.timestamp.corpo" com o segredo> */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "mensagem.status";
                    /** Format: date-time */
                    timestamp: string;
                    data: {
                        /** @description Protocolo da mensagem (UUID) */
                        protocolo: string;
                        /** @description Código da mensagem */
                        codigo: number;
                        /** @description Identificação dada pelo remetente */
                        identificacao: string;
                        /** @enum {string} */
                        canal: "email" | "sms" | "whatsapp" | "voz" | "carta";
                        /** @description E-mail, telefone ou nome do destinatário nesse canal */
                        destinatario: string;
                        /** @enum {string} */
                        status: "processed" | "send" | "delivered" | "viewed" | "read" | "track" | "acknowledged" | "answered" | "erro" | "click" | "download";
                        /** Format: date-time */
                        ocorridoEm: string;
                        evento: {
                            /** @description Posição do evento na cadeia de evidências da mensagem */
                            sequencia: number;
                            /** @description SHA-256 do evento encadeado (o mesmo do laudo) */
                            hash: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Recebido (qualquer 2xx) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
