package io.jazmin.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

/** Bad paging and sorting arguments of the customer search are 400s with a short message. */
@SpringBootTest(properties = {"sample.customers.count=50", "spring.data.web.pageable.max-page-size=100"})
class BadRequestsTests {
    @TempDir
    static Path dir;

    @Autowired
    WebApplicationContext context;
    MockMvc mvc;

    @DynamicPropertySource
    static void dataDir(DynamicPropertyRegistry registry) {
        registry.add("sample.data-dir", () -> dir.toString());
    }

    @BeforeEach
    void setUp() {
        mvc = MockMvcBuilders.webAppContextSetup(context).build();
    }

    static Stream<Arguments> badRequests() {
        return Stream.of(
                Arguments.of("sort=nosuchfield", "no property 'nosuchfield' to sort by"),
                Arguments.of("sort=age,sideways", "sort direction must be asc or desc, got 'sideways'"),
                Arguments.of("size=-1", "size must be 1-100, got -1"),
                Arguments.of("size=0", "size must be 1-100, got 0"),
                Arguments.of("size=101", "size must be 1-100, got 101"),
                Arguments.of("page=-1", "page must be 0 or more, got -1"),
                Arguments.of("page=first", "page"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void answers400WithAShortMessage(String query, String message) throws Exception {
        MockHttpServletResponse response = get("/customers?country=NA&" + query);
        assertThat(response.getStatus()).isEqualTo(400);
        assertThat(response.getContentAsString()).contains(message).doesNotContain("Exception")
                .doesNotContain("\tat ").hasSizeLessThan(400);
    }

    @Test
    void validArgumentsAtTheLimitsAreServed() throws Exception {
        assertThat(get("/customers?country=NA&size=100&page=0&sort=age,desc").getStatus()).isEqualTo(200);
        assertThat(get("/customers?country=NA&size=1&page=3").getStatus()).isEqualTo(200);
    }

    private MockHttpServletResponse get(String uri) throws Exception {
        return mvc.perform(MockMvcRequestBuilders.get(uri)).andReturn().getResponse();
    }
}
