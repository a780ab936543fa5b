package io.jazmin.spring.batch;

import io.jazmin.spring.data.core.JazminFileDefinition;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.JazminTemplate;
import io.jazmin.spring.data.core.mapping.JazminMappingContext;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;
import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.EnableJdbcJobRepository;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.builder.JobBuilder;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.builder.StepBuilder;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;

/**
 * The sample job: members read from {@code members.jzm}, turned into cards, written to
 * {@code membercards.jzm}, 10,000 per chunk, with its job repository in SQLite beside them (so a
 * killed run can be restarted). {@link #main} runs it in a JVM of its own, for the kill test.
 */
@Configuration
@EnableBatchProcessing
@EnableJdbcJobRepository
public class MemberCardJob {
    static final String NAME = "memberCards";
    static final int CHUNK = 10_000;
    /** A pause per chunk in the child JVM, so that the kill lands in the middle of the run. */
    static final String PAUSE_PROPERTY = "jazmin.test.chunkPauseMillis";

    /** The context of the job over the files in {@code dir}. */
    static AnnotationConfigApplicationContext context(Path dir) {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        context.registerBean("jobFolder", Path.class, () -> dir);
        context.register(MemberCardJob.class);
        context.refresh();
        return context;
    }

    /** Creates the job repository's tables (once per folder). */
    static void createJobRepository(DataSource dataSource) {
        new ResourceDatabasePopulator(new ClassPathResource("org/springframework/batch/core/schema-sqlite.sql"))
                .execute(dataSource);
    }

    /** The parameters of the one job instance the tests run and restart. */
    static JobParameters parameters() {
        return new JobParametersBuilder().addString("run", "cards").toJobParameters();
    }

    @Bean
    DataSource dataSource(Path jobFolder) {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(10_000);
        SQLiteDataSource dataSource = new SQLiteDataSource(config);
        dataSource.setUrl("jdbc:sqlite:" + jobFolder.resolve("batch.db"));
        return dataSource;
    }

    @Bean
    JdbcTransactionManager transactionManager(DataSource dataSource) {
        return new JdbcTransactionManager(dataSource);
    }

    @Bean(destroyMethod = "destroy")
    JazminFiles jazminFiles(Path jobFolder) {
        return new JazminFiles(List.of(JazminFileDefinition.of("members", jobFolder.resolve("members.jzm")),
                JazminFileDefinition.of("membercards", jobFolder.resolve("membercards.jzm")).withCreateIfMissing(true)));
    }

    @Bean
    JazminTemplate jazminTemplate(JazminFiles files) {
        return new JazminTemplate(files, new JazminMappingContext());
    }

    @Bean
    Job memberCards(JobRepository jobRepository, JdbcTransactionManager transactionManager, JazminTemplate template) {
        long pause = Long.getLong(PAUSE_PROPERTY, 0);
        JazminItemReader<Member> reader = new JazminItemReaderBuilder<Member>()
                .name("members").operations(template).targetType(Member.class).build();
        JazminItemWriter<MemberCard> writer = new JazminItemWriterBuilder<MemberCard>().operations(template).build();
        return new JobBuilder(NAME, jobRepository)
                .start(new StepBuilder("cards", jobRepository).<Member, MemberCard>chunk(CHUNK)
                        .transactionManager(transactionManager)
                        .reader(reader)
                        .processor(member -> {
                            if (pause > 0 && member.id() % CHUNK == 0) {
                                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(pause));
                            }
                            return MemberCard.of(member);
                        })
                        .writer(writer)
                        .build())
                .build();
    }

    /** Runs the job over the folder {@code args[0]} until it ends (or the test kills this JVM). */
    public static void main(String[] args) throws Exception {
        try (AnnotationConfigApplicationContext context = context(Path.of(args[0]))) {
            context.getBean(JobOperator.class).start(context.getBean(Job.class), parameters());
        }
    }
}
