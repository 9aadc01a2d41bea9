#import "LegacyController.h"

@interface LegacyController ()
@property (nonatomic, weak) IBOutlet UITextField *privateField;
- (IBAction)privateAction:(id)sender;
@end

@implementation LegacyController {
    IBOutlet UIView *implementationOutlet;
}

@synthesize radius = _cornerRadius;

- (void)viewDidLoad {
    [super viewDidLoad];
    [self performSegueWithIdentifier:@"legacySegue" sender:self];
}

- (void)loadView {
    self.view = [[UIView alloc] init]; // no [super loadView]
}

- (IBAction)save:(id)sender {
    NSLog(@"saved %@", @"}");
}

- (void)setTitleText:(NSString *)text {
}

@end

@implementation LegacyController (Sharing)
- (IBAction)share:(id)sender {
}
@end

@implementation LegacyController (Navigation)
- (void)openNamed {
    UIViewController *scene = [[UIStoryboard storyboardWithName:@"Shop" bundle:nil] instantiateViewControllerWithIdentifier:@"MissingObjCScene"];
    [self.storyboard instantiateViewControllerWithIdentifier:@"OwnStoryboardScene"];
    (void)scene;
}
@end
