#import "ViewController.h"

@implementation ViewController
- (IBAction)objcTapped:(id)sender {
}
@end
